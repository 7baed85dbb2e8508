"""The named steps of this game's turn structure (see tcglab.engine.procedure)."""

from tcglab.engine.procedure import Procedure

PROCEDURE = Procedure()
automatic = PROCEDURE.automatic_step
decision = PROCEDURE.decision_step
