// The single-page client: routes "/" (lobby), "/table/<id>" and "/replay/<id>", and
// the language switch in the header.

import { clear, h, toast } from "./dom.js";
import { language, onLanguage, setLanguage, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

const main = document.getElementById("main");
const where = document.getElementById("where");
const langButton = document.getElementById("lang");

function go(path) {
  history.pushState(null, "", path);
  route();
}

async function route() {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  const table = /^\/table\/([\w-]+)$/.exec(path);
  const replay = /^\/replay\/([\w-]+)$/.exec(path);
  try {
    if (table) {
      where.textContent = "";
      await showTable(main, table[1], params);
    } else if (replay) {
      where.textContent = t("replay");
      await showReplay(main, replay[1]);
    } else {
      where.textContent = t("lobby");
      await showLobby(main, go);
    }
  } catch (error) {
    clear(main, h("p", { class: "error" }, error.message), h("a", { href: "/", "data-link": true }, t("toLobby")));
    toast(error.message);
  }
}

function drawHeader() {
  langButton.textContent = language() === "ja" ? "English" : "日本語";
  document.documentElement.lang = language();
  if (location.pathname === "/") where.textContent = t("lobby");
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  go(link.getAttribute("href"));
});
window.addEventListener("popstate", route);
langButton.addEventListener("click", () => setLanguage(language() === "ja" ? "en" : "ja"));
onLanguage(drawHeader);
drawHeader();
route();
