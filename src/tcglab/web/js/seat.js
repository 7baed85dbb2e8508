// The seat controls under the table: full control (the table otherwise plays a lone
// pass for you), concede, and after the game the rematch; and the name a player takes
// a seat under, with the deck they bring where the table is still to be dealt. What
// each does is the server's to decide: this only asks it.

import { api, seats } from "./api.js";
import { deckOf, deckOptions } from "./builder.js";
import { ask, h, toast } from "./dom.js";
import { language } from "./i18n.js";

const WORDS = {
  en: {
    controls: "Your seat",
    fullControl: "Full control: stop at every decision",
    fullControlHelp: "Off: when your only choice is to pass, the table passes for you.",
    concede: "Concede",
    concedeTitle: "Concede this game?",
    concedeTwo: "The game ends now and the other player wins it.",
    concedeMany: "You are out of this game: the computer plays your seat to its end.",
    concedeGo: "Concede",
    stay: "Play on",
    rematch: "Rematch",
    toRematch: "Go to the rematch",
    watchRematch: "Watch the rematch",
    nameTitle: "Your name at this table",
    nameText: "The others and the log call you by it.",
    nameGo: "Take the seat",
    nameNo: "Cancel",
    deck: "Your deck",
    deckDefault: "The seat's standard deck",
    deckHelp: "The game is dealt once every seat is taken, with the deck each player brings.",
    deckPaste: "Paste a deck list…",
    deckList: "Your deck list",
    deckListHelp: "One line a card: how many copies, then the card's id as the card gallery shows it. It must be a legal deck.",
    left: "left the seat",
  },
  ja: {
    controls: "あなたの席",
    fullControl: "すべて自分で選ぶ（毎回止める）",
    fullControlHelp: "オフ：パスしか選べないときは、卓があなたの代わりにパスします。",
    concede: "投了する",
    concedeTitle: "このゲームを投了しますか？",
    concedeTwo: "ゲームはここで終わり、相手の勝ちになります。",
    concedeMany: "あなたはこのゲームから抜け、最後までコンピューターがあなたの席を担当します。",
    concedeGo: "投了する",
    stay: "続ける",
    rematch: "再戦",
    toRematch: "再戦の卓へ",
    watchRematch: "再戦を観戦する",
    nameTitle: "この卓での名前",
    nameText: "ほかのプレイヤーと記録はこの名前であなたを呼びます。",
    nameGo: "席に着く",
    nameNo: "やめる",
    deck: "使うデッキ",
    deckDefault: "この席の標準デッキ",
    deckHelp: "全員が席に着くと、各自が選んだデッキでゲームが配られます。",
    deckPaste: "デッキリストを貼り付ける…",
    deckList: "デッキリスト",
    deckListHelp: "1行に1種類：枚数、続けてカード一覧に出ているカードID。ルールどおりのデッキであること。",
    left: "席を離れた",
  },
};

const MAX_NAME = 40;
const PASTE = "paste:"; // the deck choice that shows the list box (no deck's value)

function w(key) {
  return (WORDS[language()] || WORDS.en)[key] ?? WORDS.en[key];
}

function goTo(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

// The name to take a seat under, asked in a dialog, and with `game` (a table still to
// be dealt) the deck brought to it: a prebuilt one, one this browser kept, or a pasted
// list (the server judges it). Resolves {name, deck} (deck null: the seat's standard
// one), or null when the player cancels.
export function askSeat(game = null) {
  return new Promise((resolve) => {
    const input = h("input", {
      type: "text", id: "seat-name", maxLength: MAX_NAME, required: true,
      value: localStorage.getItem("tcglab.name") || "",
    });
    const list = h("textarea", { id: "seat-deck-list", rows: 6, spellcheck: false });
    const pasted = h("label", { class: "seat-deck-list", hidden: true }, w("deckList"), list, h("span", { class: "help" }, w("deckListHelp")));
    const deck = game
      ? h(
          "select",
          { id: "seat-deck", onchange: () => { pasted.hidden = deck.value !== PASTE; } },
          h("option", { value: "" }, w("deckDefault")),
          deckOptions(game),
          h("option", { value: PASTE }, w("deckPaste")),
        )
      : null;
    const dialog = h("dialog", { id: "name-dialog", class: "ask", "aria-labelledby": "name-dialog-title" });
    let answer = null;
    const form = h(
      "form",
      {
        class: "ask-box",
        onsubmit: (event) => {
          event.preventDefault();
          const name = input.value.trim();
          if (!name) return input.focus();
          if (deck && deck.value === PASTE && !list.value.trim()) return list.focus();
          const brought = !deck ? null : deck.value === PASTE ? { text: list.value } : deckOf(deck.value);
          answer = { name, deck: brought };
          localStorage.setItem("tcglab.name", name);
          dialog.close();
        },
      },
      h("h2", { id: "name-dialog-title" }, w("nameTitle")),
      h("p", {}, w("nameText")),
      h("p", {}, input),
      deck ? h("label", { class: "seat-deck" }, w("deck"), deck) : null,
      deck ? pasted : null,
      deck ? h("p", { class: "help" }, w("deckHelp")) : null,
      h(
        "div",
        { class: "ask-buttons" },
        h("button", { type: "button", class: "ask-no", onclick: () => dialog.close() }, w("nameNo")),
        h("button", { type: "submit", class: "ask-yes" }, w("nameGo")),
      ),
    );
    dialog.append(form);
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

// Take the rematch seat the server keeps for this player (the same token holds it).
async function rematch(tableId, mine) {
  try {
    const made = await api.rematch(tableId, mine);
    seats.set(made.table.id, made.seat, mine.token);
    goTo(`/table/${made.table.id}`);
  } catch (error) {
    toast(error.message);
  }
}

async function concede(tableId, mine, view) {
  const many = view.seats.length > 2;
  const sure = await ask({
    id: "concede-dialog",
    title: w("concedeTitle"),
    text: w(many ? "concedeMany" : "concedeTwo"),
    yes: w("concedeGo"),
    no: w("stay"),
  });
  if (!sure) return;
  try {
    await api.concede(tableId, mine);
  } catch (error) {
    toast(error.message);
  }
}

async function setFullControl(tableId, mine, on) {
  try {
    await api.seatSetting(tableId, mine, !on);
  } catch (error) {
    toast(error.message);
  }
}

// The seat controls for this view: for a seated player while the game is played, full
// control and concede; after it, the rematch (made, or joined once another made it).
// A spectator gets the link to a rematch once there is one.
export function seatControls({ tableId, view, mine }) {
  const seated = Boolean(mine) && view.seat !== null && view.seat !== undefined;
  const parts = [];
  if (seated && !view.result) {
    const box = h("input", {
      type: "checkbox", id: "full-control", checked: view.auto_pass === false,
      onchange: (event) => setFullControl(tableId, mine, event.target.checked),
    });
    parts.push(h("label", { class: "full-control", title: w("fullControlHelp") }, box, " ", w("fullControl")));
    if (view.dealt !== false) {
      parts.push(
        h("button", { type: "button", id: "concede", class: "quiet", onclick: () => concede(tableId, mine, view) }, w("concede")),
      );
    }
  }
  if (view.result && seated) {
    const label = view.rematch ? w("toRematch") : w("rematch");
    parts.push(h("button", { type: "button", id: "rematch", onclick: () => rematch(tableId, mine) }, label));
  } else if (view.result && view.rematch) {
    parts.push(h("a", { href: `/table/${view.rematch}`, "data-link": true, id: "rematch", class: "button" }, w("watchRematch")));
  }
  if (!parts.length) return null;
  return h("section", { class: "seat-controls", "aria-label": w("controls") }, parts);
}
