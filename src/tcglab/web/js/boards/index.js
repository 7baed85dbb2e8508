// The board of each game, by game id.

import * as generic from "./generic.js";
import * as higurashi from "./higurashi.js";
import * as pgt from "./pgt.js";
import * as pm from "./pm.js";
import * as ps from "./ps.js";

const BOARDS = { higurashi, pgt, pm, ps };

export function boardFor(game) {
  return BOARDS[game] || generic;
}
