// The server's JSON API. Every failure is thrown as an Error whose message is the
// server's one-line explanation. A body always goes as application/json: the server
// reads no other (a type another site's page could send without asking).

async function request(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const reply = await fetch(path, options);
  const data = await reply.json().catch(() => ({ error: reply.statusText }));
  if (!reply.ok) throw new Error(data.error || reply.statusText);
  return data;
}

// What a seated player's requests prove their seat with.
const proof = (mine) => ({ seat: mine.seat, token: mine.token });

export const api = {
  games: () => request("GET", "/api/games"),
  cards: (game) => request("GET", `/api/games/${game}/cards`),
  decks: (game) => request("GET", `/api/games/${game}/decks`),
  // The puzzles a game ships: [{name, title, about, players, goal}].
  puzzles: (game) => request("GET", `/api/games/${game}/puzzles`),
  checkDeck: (game, text) => request("POST", `/api/games/${game}/check_deck`, { text }),
  // Decks kept on the server: made ({game, name, text}: its edit token comes back once),
  // read by anyone with the id, changed ({token, name, text}) and deleted ({token}) with
  // the token.
  keepDeck: (body) => request("POST", "/api/decks", body),
  keptDeck: (id) => request("GET", `/api/decks/${id}`),
  editDeck: (id, body) => request("PUT", `/api/decks/${id}`, body),
  deleteDeck: (id, token) => request("DELETE", `/api/decks/${id}`, { token }),
  // A kept deck tested by computer games against each prebuilt deck: started, polled
  // and cancelled ({id, state, done, total, opponents: [{deck, games, rate, low, high}]}).
  testDeck: (id, games) => request("POST", `/api/decks/${id}/trials`, { games }),
  trial: (id) => request("GET", `/api/trials/${id}`),
  cancelTrial: (id) => request("DELETE", `/api/trials/${id}`),
  // One page of tables, newest first: {tables, total, offset, limit}.
  tables: ({ status, game, offset = 0, limit = 50 } = {}) => {
    const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
    if (status) query.set("status", status);
    if (game) query.set("game", game);
    return request("GET", `/api/tables?${query}`);
  },
  table: (id) => request("GET", `/api/tables/${id}`),
  create: (body) => request("POST", "/api/tables", body),
  // Take an open seat; at a table still to be dealt, with the deck brought to it
  // (null: the seat's standard deck, a prebuilt deck's name or {kept: id}).
  join: (id, seat, name, deck = null) =>
    request("POST", `/api/tables/${id}/join`, deck ? { seat, name, deck } : { seat, name }),
  leave: (id, seat, token) => request("POST", `/api/tables/${id}/leave`, { seat, token }),
  concede: (id, mine) => request("POST", `/api/tables/${id}/concede`, proof(mine)),
  // Full control on: the table asks at every decision (it plays no lone pass).
  seatSetting: (id, mine, autoPass) =>
    request("POST", `/api/tables/${id}/seat`, { ...proof(mine), auto_pass: autoPass }),
  rematch: (id, mine) => request("POST", `/api/tables/${id}/rematch`, proof(mine)),
  // A replay step as a spectator sees it, or as `mine` ({seat, token}) saw it: the
  // token goes in the body, never in the URL.
  replayStep: (id, step, lang, mine = null) =>
    mine
      ? request("POST", `/api/tables/${id}/replay/${step}`, { ...proof(mine), lang })
      : request("GET", `/api/tables/${id}/replay/${step}?${new URLSearchParams({ lang })}`),
};

const cardCache = new Map();

export async function cardsOf(game) {
  if (!cardCache.has(game)) cardCache.set(game, await api.cards(game));
  return cardCache.get(game);
}

// The decks this browser kept on the server, with their edit tokens: [{id, game, name,
// token, legal}], newest first.
export const keptDecks = {
  all(game = null) {
    try {
      const list = JSON.parse(localStorage.getItem("tcglab.decks")) || [];
      return game ? list.filter((d) => d.game === game) : list;
    } catch {
      return [];
    }
  },
  get(id) {
    return keptDecks.all().find((d) => d.id === id) || null;
  },
  set(deck) {
    const others = keptDecks.all().filter((d) => d.id !== deck.id);
    localStorage.setItem("tcglab.decks", JSON.stringify([deck, ...others]));
  },
  drop(id) {
    localStorage.setItem("tcglab.decks", JSON.stringify(keptDecks.all().filter((d) => d.id !== id)));
  },
};

// The last deck test this browser started for each kept deck, so that coming back to
// the deck shows it again (with its Cancel while it runs).
export const deckTrials = {
  get(deck) {
    return localStorage.getItem(`tcglab.trial.${deck}`);
  },
  set(deck, trial) {
    localStorage.setItem(`tcglab.trial.${deck}`, trial);
  },
  drop(deck) {
    localStorage.removeItem(`tcglab.trial.${deck}`);
  },
};

// Seat tokens live in this browser only, per table.
export const seats = {
  get(table) {
    try {
      return JSON.parse(localStorage.getItem(`tcglab.seat.${table}`));
    } catch {
      return null;
    }
  },
  set(table, seat, token) {
    localStorage.setItem(`tcglab.seat.${table}`, JSON.stringify({ seat, token }));
  },
  drop(table) {
    localStorage.removeItem(`tcglab.seat.${table}`);
  },
};
