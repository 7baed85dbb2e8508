// Telling a player it is their turn when they look elsewhere: the tab title says so,
// the favicon gets a dot while the tab is hidden, and a short beep sounds if they
// switched it on (off by default; the choice is kept per browser).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "tcglab.sound";
const TITLE = "tcglab";
const FELT = "%2324543e";
const DOT = "%23f2b84b";

function icon(dot) {
  const mark = dot ? `<circle cx='23' cy='9' r='8' fill='${DOT}' stroke='%23142019' stroke-width='2'/>` : "";
  return (
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    `<rect x='3' y='3' width='22' height='26' rx='4' fill='${FELT}' stroke='%23f3efe4' stroke-width='2'/>${mark}</svg>`
  );
}

function setIcon(dot) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) link = document.head.appendChild(h("link", { rel: "icon" }));
  const href = icon(dot);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.dot = String(dot);
}

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

let audio = null;

// A short, quiet two-tone beep through WebAudio (nothing where there is none).
function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const now = audio.currentTime;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.07, now);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
  gain.connect(audio.destination);
  [660, 880].forEach((pitch, i) => {
    const tone = audio.createOscillator();
    tone.frequency.value = pitch;
    tone.connect(gain);
    tone.start(now + i * 0.12);
    tone.stop(now + i * 0.12 + 0.14);
  });
}

// The switch for the beep, as a checkbox labelled in the chosen language.
export function soundToggle() {
  const box = h("input", {
    type: "checkbox",
    id: "sound-toggle",
    checked: soundOn(),
    onchange: () => {
      localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
      if (box.checked) beep(); // a click may start audio: this one also lets it play later
    },
  });
  return h("label", { class: "sound-toggle" }, box, ` ${t("soundOnTurn")}`);
}

// One table's watcher: `update(myTurn)` after every view; `stop()` on leaving it.
export function turnSignal() {
  let mine = false;
  const refresh = () => setIcon(mine && document.hidden);
  document.addEventListener("visibilitychange", refresh);
  return {
    update(myTurn) {
      const began = myTurn && !mine;
      mine = myTurn;
      document.title = myTurn ? `● ${t("yourTurnTitle")} — ${TITLE}` : TITLE;
      refresh();
      if (began && soundOn()) beep();
    },
    stop() {
      document.removeEventListener("visibilitychange", refresh);
      mine = false;
      document.title = TITLE;
      setIcon(false);
    },
  };
}
