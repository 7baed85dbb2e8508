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
    draftPackTitle: "Your pack: pick a card",
    draftPicks: "Your picks",
    draftDeck: "Your deck",
    draftBracket: "Tournament",
    draftRound: "Round {n}",
    draftBye: "bye",
    draftMatch: "Match",
    draftGame: "game {n}",
    draftChampion: "Champion: {who}",
    // the table: header, action bar, log drawer, leaving
    turnOf: "{who}'s turn",
    yourTurnNow: "Your turn",
    turnNumber: "Turn {n}",
    roundNumber: "Round {n}",
    yourMove: "Your move: {what}",
    waitingMove: "Waiting for {who}: {what}",
    deciding: "deciding",
    endedByRules: "the game ended by its rules",
    rules: "Rules",
    rulesTitle: "How to play {game} (opens in a new tab)",
    showLog: "Log",
    hideLog: "Close the log",
    noActions: "Nothing to decide now",
    leaveTitle: "Leave this seat?",
    leaveText:
      "Your seat becomes open: anyone with the table's join link can take it, and the game waits at it until someone does. Your seat link stops working, so you cannot come back to this seat unless you join it again while it is open.",
    leaveGo: "Leave the seat",
    stay: "Stay",
    close: "Close",
    // card faces and the inspector
    rested: "rested",
    tapped: "tapped",
    sideways: "sideways",
    exhausted: "exhausted",
    hiddenCard: "Face-down card",
    hiddenCardText: "Its face is hidden from you.",
    attached: "Attached",
    printed: "printed",
    targeted: "target",
    acting: "acting",
    attacking: "attacking",
    defending: "defending",
    approaching: "approaching",
    obstructing: "obstructing",
    newCharacter: "new this turn",
    sick: "just played",
    abilityUsed: "ability used",
    paying: "{n} left to pay",
    proc_attack: "attacking",
    proc_strike: "striking",
    proc_effect: "using an effect",
    roll_scout: "scouting",
    roll_attack: "attacking",
    roll_counter: "countering",
    stat_level: "Level",
    stat_cost: "Cost",
    stat_source: "Source",
    stat_attack: "Attack",
    stat_defence: "Defence",
    stat_ap: "AP",
    stat_dp: "DP",
    stat_technique: "Technique",
    stat_sense: "Sense",
    stat_life: "Life",
    stat_pdef: "Physical defence",
    stat_mdef: "Mental defence",
    stat_score: "Score",
    stat_points: "Points",
    stat_attribute: "Attribute",
    stat_guard: "Guard",
    kw_counter: "Counter",
    kw_innocence: "Innocence",
    kw_guard: "Bodyguard",
    kw_resist: "Resist",
    kw_support: "Support",
    kind_character: "Character",
    kind_event: "Event",
    kind_support: "Support",
    timing_normal: "Main phase",
    timing_battle: "In battle",
    timing_main: "On your turn",
    timing_own_roll: "After your roll",
    timing_enemy_roll: "After an enemy's roll",
    area_own_char: "One of yours",
    area_enemy_char: "One enemy",
    area_all_own: "All of yours",
    area_roll: "The roll",
    area_self: "You",
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
    draftPackTitle: "あなたのパック：1枚選ぶ",
    draftPicks: "取ったカード",
    draftDeck: "あなたの山札",
    draftBracket: "トーナメント",
    draftRound: "{n}回戦",
    draftBye: "不戦勝",
    draftMatch: "マッチ",
    draftGame: "第{n}ゲーム",
    draftChampion: "優勝：{who}",
    // the table: header, action bar, log drawer, leaving
    turnOf: "{who}のターン",
    yourTurnNow: "あなたのターン",
    turnNumber: "{n}ターン目",
    roundNumber: "第{n}ラウンド",
    yourMove: "あなたの番：{what}",
    waitingMove: "{who}を待っています：{what}",
    deciding: "選択中",
    endedByRules: "ルールによりゲームが終了した",
    rules: "ルール",
    rulesTitle: "{game}の遊び方（新しいタブで開きます）",
    showLog: "記録",
    hideLog: "記録を閉じる",
    noActions: "いま選ぶことはありません",
    leaveTitle: "この席を離れますか？",
    leaveText:
      "あなたの席は空席になります。卓の参加リンクを持つ人なら誰でも座ることができ、誰かが座るまでゲームはこの席で止まります。あなたの席のリンクは使えなくなるため、空席のうちにもう一度参加しない限り、この席には戻れません。",
    leaveGo: "席を離れる",
    stay: "とどまる",
    close: "閉じる",
    // card faces and the inspector
    rested: "休息",
    tapped: "タップ",
    sideways: "横向き",
    exhausted: "消耗",
    hiddenCard: "裏向きのカード",
    hiddenCardText: "表はあなたには見えません。",
    attached: "付いているカード",
    printed: "印刷値",
    targeted: "対象",
    acting: "行動中",
    attacking: "攻撃中",
    defending: "防御中",
    approaching: "アプローチ中",
    obstructing: "妨害中",
    newCharacter: "このターンに登場",
    sick: "登場したばかり",
    abilityUsed: "能力使用済み",
    paying: "支払い残り{n}",
    proc_attack: "攻撃中",
    proc_strike: "効果で攻撃中",
    proc_effect: "効果を使用中",
    roll_scout: "偵察中",
    roll_attack: "攻撃中",
    roll_counter: "反撃中",
    stat_level: "レベル",
    stat_cost: "コスト",
    stat_source: "ソース",
    stat_attack: "攻撃力",
    stat_defence: "防御力",
    stat_ap: "AP",
    stat_dp: "DP",
    stat_technique: "テクニック",
    stat_sense: "センス",
    stat_life: "ライフ",
    stat_pdef: "物理防御",
    stat_mdef: "精神防御",
    stat_score: "得点",
    stat_points: "ポイント",
    stat_attribute: "属性",
    stat_guard: "ガード",
    kw_counter: "カウンター",
    kw_innocence: "イノセンス",
    kw_guard: "護衛",
    kw_resist: "耐性",
    kw_support: "サポート",
    kind_character: "キャラクター",
    kind_event: "イベント",
    kind_support: "サポート",
    timing_normal: "メインフェイズ",
    timing_battle: "バトル中",
    timing_main: "自分のターン",
    timing_own_roll: "自分のダイスの後",
    timing_enemy_roll: "相手のダイスの後",
    area_own_char: "自分のキャラ1体",
    area_enemy_char: "敵のキャラ1体",
    area_all_own: "自分のキャラ全員",
    area_roll: "ダイスの目",
    area_self: "自分",
  },
};

// What is being decided, for every step id a game's observation can carry: the
// decision steps of its procedure (`observation.step`), and a draft table's `phase`.
// An unknown step reads as "deciding", never as its id.
const STEPS = {
  en: {
    pgt: {
      form: "forming the party",
      combat: "choosing an attack (or no attack)",
      guard: "deciding whether to guard",
      innocence: "deciding whether to use Innocence",
      dice: "choosing how many dice to roll",
      counter: "deciding whether to Counter",
      win: "using abilities, or passing",
      target: "choosing targets",
      r_use: "using an on-flip ability",
      draft: "picking a card from the pack",
      cup: "playing the tournament",
    },
    pm: {
      redraw: "deciding whether to redraw the opening hand",
      trim: "discarding down to 7 cards",
      window: "using a card, or passing",
      target: "choosing a target",
      interrupt: "deciding whether to interrupt",
      place: "choosing where the character goes",
      attach: "choosing the character to set the support on",
      approach_declare: "declaring an approach (or ending the approaches)",
      obstruct: "deciding whether to obstruct",
      break: "deciding whether to use a [Break] event",
      allocate: "splitting the obstructor's AP over the pair",
      pay: "paying the cost",
    },
    ps: {
      mulligan: "deciding whether to redraw the opening hand",
      main: "main phase: energy, cards, abilities, battles",
      window: "using an event or ability, or passing",
      defend: "choosing defenders",
      pick_target: "choosing whom the attacker strikes",
      target: "choosing a target for an effect",
      trim: "discarding down to the hand limit",
    },
    higurashi: {
      main: "acting: scout, attack, play an event or end the turn",
      trim: "using or discarding events down to five",
      window: "deciding whether to change the roll with an event",
      counter: "deciding whether to counter-attack",
      scout_target: "choosing a card to scout",
      attack_target: "choosing a card to attack",
      event_target: "choosing a target for an event",
    },
  },
  ja: {
    pgt: {
      form: "パーティの編成",
      combat: "攻撃の選択（攻撃しないことも可）",
      guard: "ガードするかの選択",
      innocence: "イノセンスを使うかの選択",
      dice: "振るダイスの数の選択",
      counter: "カウンターするかの選択",
      win: "能力を使うか、パスするか",
      target: "対象の選択",
      r_use: "表向きになった時の能力（Ｒ）の使用",
      draft: "パックから1枚選ぶ",
      cup: "トーナメント",
    },
    pm: {
      redraw: "初期手札を引き直すかの選択",
      trim: "手札を7枚まで捨てる",
      window: "カードを使うか、パスするか",
      target: "対象の選択",
      interrupt: "割り込むかの選択",
      place: "キャラを置く場所の選択",
      attach: "サポートをセットするキャラの選択",
      approach_declare: "アプローチの宣言（または終了）",
      obstruct: "妨害するかの選択",
      break: "〔ブレイク〕のイベントを使うかの選択",
      allocate: "妨害キャラのAPの割り振り",
      pay: "コストの支払い",
    },
    ps: {
      mulligan: "初期手札を引き直すかの選択",
      main: "メインフェイズ：エナジー、カード、能力、バトル",
      window: "イベントか能力を使うか、パスするか",
      defend: "防御するキャラの選択",
      pick_target: "攻撃するキャラが打つ相手の選択",
      target: "効果の対象の選択",
      trim: "手札を上限まで捨てる",
    },
    higurashi: {
      main: "行動：偵察・攻撃・イベント・ターン終了",
      trim: "イベントを5枚まで使うか捨てる",
      window: "イベントでダイスの目を変えるかの選択",
      counter: "反撃するかの選択",
      scout_target: "偵察するカードの選択",
      attack_target: "攻撃するカードの選択",
      event_target: "イベントの対象の選択",
    },
  },
};

// Precious Memories names the phase of the turn as well (`observation.phase`).
const PHASES = {
  en: { setup: "Setup", main: "Main phase", approach: "Approach phase", end: "End phase", over: "Game over" },
  ja: { setup: "準備", main: "メインフェイズ", approach: "アプローチフェイズ", end: "エンドフェイズ", over: "ゲーム終了" },
};

// Why a game ended (`result.reason`), per game where the same reason means different
// things, else for every game.
const REASONS = {
  en: {
    any: {
      action_limit: "stopped at the server's limit of actions per game",
      deck_out: "a player had to draw from an empty deck",
      round_limit: "the round limit was reached",
      draw: "both players lost at the same moment",
    },
    pgt: {
      score: "10 points of enemy characters retired",
      empty_party: "a player had no character on the field at the start of a round",
      round_limit: "the round limit was reached: the higher score wins",
      champion: "the tournament has its champion",
    },
    pm: {
      seven_points: "a player has seven cards in their point area",
      deck_out: "a player's deck ran out",
      draw: "both players lost at the same moment",
    },
    ps: { damage: "a player took damage up to their life" },
    higurashi: {
      last_standing: "only one player has characters left",
      round_limit: "the round limit was reached: the most captured points win",
      pile_empty: "the character pile ran out: the most captured points win",
    },
  },
  ja: {
    any: {
      action_limit: "1ゲームの手数の上限に達したため、サーバーが終了しました",
      deck_out: "空の山札から引くことになったプレイヤーがいた",
      round_limit: "ラウンド数の上限に達した",
      draw: "両者が同時に敗北した",
    },
    pgt: {
      score: "退場させた敵キャラの得点が10点に達した",
      empty_party: "ラウンド開始時に場にキャラがいないプレイヤーがいた",
      round_limit: "ラウンド数の上限に達した（得点の多い方の勝ち）",
      champion: "トーナメントの優勝者が決まった",
    },
    pm: {
      seven_points: "ポイント置き場のカードが7枚になったプレイヤーがいた",
      deck_out: "山札がなくなったプレイヤーがいた",
      draw: "両者が同時に敗北した",
    },
    ps: { damage: "ライフ分のダメージを受けたプレイヤーがいた" },
    higurashi: {
      last_standing: "キャラクターが残っているのが1人だけになった",
      round_limit: "ラウンド数の上限に達した（捕獲した得点の多い方の勝ち）",
      pile_empty: "キャラクターの山がなくなった（捕獲した得点の多い方の勝ち）",
    },
  },
};

export function stepPhrase(game, step) {
  if (!step) return "";
  const table = STEPS[lang][game] || {};
  return table[step] || STEPS.en[game]?.[step] || t("deciding");
}

export function phaseName(game, phase) {
  return (phase && (PHASES[lang][phase] || PHASES.en[phase])) || "";
}

export function reasonPhrase(game, reason) {
  const own = REASONS[lang][game] || {};
  return own[reason] || REASONS[lang].any[reason] || REASONS.en.any[reason] || t("endedByRules");
}

// Every step id with a phrase, for the tests: {game: [ids]}.
export function stepIds() {
  return Object.fromEntries(Object.entries(STEPS.en).map(([game, steps]) => [game, Object.keys(steps)]));
}

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
