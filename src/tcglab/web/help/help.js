// The rules-at-hand page: one shell for every game and language. The guide itself is
// a fragment per game and language (pm.en.html ...), shown inside the shell, which
// adds the header, the language switch and the links to the other games.

const GAMES = {
  pgt: { en: "Pretty Good Tactics", ja: "プリティ・グッド・タクティクス" },
  pm: { en: "Precious Memories", ja: "プレシャスメモリーズ" },
  ps: { en: "Princess Scramble", ja: "プリンセススクランブル" },
  higurashi: { en: "Higurashi", ja: "ひぐらし" },
};

const WORDS = {
  en: {
    other: "日本語",
    rules:
      "tcglab plays the rules as written. Where they leave a choice open, the table's rule " +
      "options decide it (shown, with their defaults, when you create a table).",
    others: "Other games:",
    missing: "There is no guide for that game. Guides:",
  },
  ja: {
    other: "English",
    rules:
      "tcglab は書かれたルールのとおりに遊びます。ルールが決めていないところは、" +
      "卓を作るときのルールオプション（初期値つき）で決まります。",
    others: "ほかのゲーム：",
    missing: "そのゲームの遊び方はありません。遊び方：",
  },
};

export function pageUrl(game, lang) {
  return `index.html?game=${encodeURIComponent(game)}&lang=${lang}`;
}

function gameLinks(lang, except) {
  const links = [];
  for (const [id, names] of Object.entries(GAMES)) {
    if (id === except) continue;
    const a = document.createElement("a");
    a.href = pageUrl(id, lang);
    a.textContent = names[lang];
    links.push(a);
  }
  return links;
}

async function show() {
  const params = new URLSearchParams(location.search);
  const lang = params.get("lang") === "ja" ? "ja" : "en";
  const game = params.get("game");
  const words = WORDS[lang];
  document.documentElement.lang = lang;
  const switcher = document.getElementById("other-lang");
  switcher.textContent = words.other;
  switcher.lang = lang === "ja" ? "en" : "ja";
  const guide = document.getElementById("guide");
  const others = document.getElementById("others");
  const known = Object.hasOwn(GAMES, game ?? "");
  switcher.href = known ? pageUrl(game, lang === "ja" ? "en" : "ja") : `?lang=${switcher.lang}`;
  if (known) {
    const reply = await fetch(`${game}.${lang}.html`);
    guide.innerHTML = reply.ok ? await reply.text() : "";
    document.title = `${guide.querySelector("h1")?.textContent ?? GAMES[game][lang]} · tcglab`;
    others.append(words.rules, " ", words.others, " ");
  } else {
    others.append(words.missing, " ");
  }
  gameLinks(lang, known ? game : null).forEach((a, i) => {
    if (i) others.append(" · ");
    others.append(a);
  });
}

show();
