// UI strings in English and Japanese, and the choice between them (kept per browser).

const STRINGS = {
  en: {
    lobby: "Lobby",
    create: "Create a table",
    createGo: "Create and sit down",
    game: "Game",
    players: "Players",
    seat: "Seat",
    human: "Human",
    ai: "Computer",
    level: "Level",
    easy: "easy",
    normal: "normal",
    hard: "hard",
    options: "Rule options",
    decks: "Decks",
    deckDefault: "Standard",
    deckPaste: "Paste a deck list…",
    check: "Check",
    deckOk: "Legal deck: {n} cards",
    title: "Table name",
    yourName: "Your name",
    open: "Open tables",
    running: "Games in progress",
    finished: "Finished games",
    none: "None yet.",
    allGames: "All games",
    newer: "◀ Newer",
    older: "Older ▶",
    pageOf: "{from}–{to} of {n}",
    reasonActionLimit: "stopped at the server's limit of actions per game",
    join: "Join",
    watch: "Watch",
    replay: "Replay",
    resume: "Back to my seat",
    seatOpen: "open",
    you: "you",
    spectator: "Watching",
    yourTurn: "Your turn",
    waitingFor: "Waiting for {who}",
    actions: "Your actions",
    log: "Game log",
    links: "Invite links",
    myLink: "Your seat link (keep it secret; it resumes your seat on any device)",
    joinLink: "Join link for seat {n}",
    leave: "Leave seat",
    result: "Game over",
    winners: "Winner",
    draw: "No winner",
    scores: "Scores",
    reason: "Reason",
    toLobby: "Back to the lobby",
    watchReplay: "Watch the replay",
    step: "Action {i} of {n}",
    first: "⏮",
    prev: "◀",
    next: "▶",
    last: "⏭",
    hand: "Hand",
    deck: "Deck",
    discard: "Discard",
    trash: "Trash",
    points: "Points",
    main: "Main area",
    support: "Support area",
    energy: "Energy",
    events: "Events",
    characters: "Characters",
    captured: "Captured",
    score: "Score",
    damage: "Damage",
    turn: "Turn",
    round: "Round",
    pile: "Character pile",
    eventDeck: "Event deck",
    faceDown: "face-down",
    connecting: "Connecting…",
    lost: "Connection lost, reconnecting…",
    aiError: "The computer stopped: {e}",
    dice: "Dice",
    retired: "Retired",
    inPlay: "In play",
    deckBottom: "Bottom of your deck",
    // Pretty Good Tactics draft tables
    draftTable: "draft and tournament",
    draftGameOnly: "one game",
    draftNote: "3 or 4 players draft their 18-card decks from packs of 9, then play a knockout of best-of-three matches.",
    draftDeal: "Deal {n} of 2",
    draftLeft: "packs pass to the left",
    draftRight: "packs pass to the right",
    draftPassesTo: "your pack goes to {who}",
    draftPack: "pack {n}",
    draftPicked: "picked {n}",
    draftPackTitle: "Your pack: click a card to pick it",
    draftPicks: "Your picks",
    draftDeck: "Your deck",
    draftBracket: "Tournament",
    draftRound: "Round {n}",
    draftBye: "bye",
    draftMatch: "Match",
    draftGame: "game {n}",
    draftChampion: "Champion: {who}",
  },
  ja: {
    lobby: "ロビー",
    create: "卓を作る",
    createGo: "作って着席",
    game: "ゲーム",
    players: "人数",
    seat: "席",
    human: "人間",
    ai: "コンピュータ",
    level: "強さ",
    easy: "やさしい",
    normal: "ふつう",
    hard: "つよい",
    options: "ルールオプション",
    decks: "デッキ",
    deckDefault: "標準",
    deckPaste: "デッキリストを貼り付け…",
    check: "確認",
    deckOk: "使えるデッキです（{n}枚）",
    title: "卓の名前",
    yourName: "あなたの名前",
    open: "参加者募集中の卓",
    running: "対戦中",
    finished: "終わった対戦",
    none: "まだありません。",
    allGames: "すべてのゲーム",
    newer: "◀ 新しい方",
    older: "古い方 ▶",
    pageOf: "{n}件中 {from}～{to}",
    reasonActionLimit: "1ゲームの手数の上限に達したため、サーバーが終了しました",
    join: "参加",
    watch: "観戦",
    replay: "リプレイ",
    resume: "自分の席に戻る",
    seatOpen: "空席",
    you: "あなた",
    spectator: "観戦中",
    yourTurn: "あなたの番です",
    waitingFor: "{who}を待っています",
    actions: "できること",
    log: "ゲームの記録",
    links: "招待リンク",
    myLink: "あなたの席のリンク（他人に教えないこと。どの端末からでも席に戻れます）",
    joinLink: "席{n}の参加リンク",
    leave: "席を離れる",
    result: "ゲーム終了",
    winners: "勝者",
    draw: "勝者なし",
    scores: "得点",
    reason: "理由",
    toLobby: "ロビーに戻る",
    watchReplay: "リプレイを見る",
    step: "{n}手中{i}手目",
    first: "⏮",
    prev: "◀",
    next: "▶",
    last: "⏭",
    hand: "手札",
    deck: "山札",
    discard: "捨て札",
    trash: "ごみ箱",
    points: "ポイント",
    main: "メインエリア",
    support: "サポートエリア",
    energy: "エナジー",
    events: "イベント",
    characters: "キャラクター",
    captured: "捕獲",
    score: "得点",
    damage: "ダメージ",
    turn: "ターン",
    round: "ラウンド",
    pile: "キャラクターの山",
    eventDeck: "イベントの山",
    faceDown: "裏向き",
    connecting: "接続中…",
    lost: "接続が切れました。再接続しています…",
    aiError: "コンピュータが止まりました: {e}",
    dice: "ダイス",
    retired: "退場",
    inPlay: "進行中",
    deckBottom: "山札の底",
    // Pretty Good Tactics draft tables
    draftTable: "ドラフトとトーナメント",
    draftGameOnly: "1ゲーム",
    draftNote: "3～4人が9枚のパックから18枚の山札をドラフトし、3本勝負の勝ち抜き戦を行います。",
    draftDeal: "第{n}配布（全2回）",
    draftLeft: "パックは左へ",
    draftRight: "パックは右へ",
    draftPassesTo: "あなたのパックは{who}へ",
    draftPack: "パック{n}枚",
    draftPicked: "取得{n}枚",
    draftPackTitle: "あなたのパック：クリックして1枚取る",
    draftPicks: "取ったカード",
    draftDeck: "あなたの山札",
    draftBracket: "トーナメント",
    draftRound: "{n}回戦",
    draftBye: "不戦勝",
    draftMatch: "マッチ",
    draftGame: "第{n}ゲーム",
    draftChampion: "優勝：{who}",
  },
};

let lang = localStorage.getItem("tcglab.lang") === "ja" ? "ja" : "en";
const listeners = new Set();

export function t(key, values = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}

export function language() {
  return lang;
}

export function setLanguage(next) {
  lang = next === "ja" ? "ja" : "en";
  localStorage.setItem("tcglab.lang", lang);
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A card's or a game's name in the chosen language, from whichever fields it has.
export function nameOf(info) {
  if (!info) return "?";
  if (lang === "ja") return info.name_ja || info.name || info.name_en || info.id || "?";
  return info.name || info.name_en || info.name_ja || info.id || "?";
}

export function textOf(info) {
  if (!info) return "";
  const ability = info.ability && typeof info.ability === "object" ? info.ability : null;
  if (lang === "ja") {
    if (info.text_ja) return info.text_ja;
    if (Array.isArray(info.abilities)) return info.abilities.join(" / ");
    if (ability) return `${ability.name_ja || ability.name}: ${ability.text_ja || ability.text}`;
    return info.text || "";
  }
  if (info.text) return info.text;
  if (Array.isArray(info.abilities_en)) return info.abilities_en.join(" / ");
  if (ability) return `${ability.name}: ${ability.text}`;
  return info.text_ja || "";
}

// "Higurashi fan card game (ひぐらし)": the part in brackets is the Japanese name.
export function gameName(name) {
  const match = /^(.*?)\s*\((.*)\)\s*$/.exec(name || "");
  if (!match) return name;
  return lang === "ja" ? match[2] : match[1];
}
