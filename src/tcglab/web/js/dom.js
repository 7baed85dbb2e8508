// A small helper for building DOM trees: h("div", {class: "x", onclick}, child, ...).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key in el && key !== "list" && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 5000);
}

// A modal question: resolves true when `yes` is chosen, false on `no`, Esc or a click
// outside. `id` names the dialog for tests and styles.
export function ask({ id, title, text, yes, no }) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { id, class: "ask", "aria-labelledby": `${id}-title` });
    const done = (answer) => {
      dialog.returnValue = answer ? "yes" : "no";
      dialog.close();
    };
    dialog.append(
      h(
        "div",
        { class: "ask-box" },
        h("h2", { id: `${id}-title` }, title),
        h("p", {}, text),
        h(
          "div",
          { class: "ask-buttons" },
          h("button", { type: "button", class: "ask-no", onclick: () => done(false) }, no),
          h("button", { type: "button", class: "ask-yes danger", onclick: () => done(true) }, yes),
        ),
      ),
    );
    dialog.addEventListener("click", (event) => event.target === dialog && done(false));
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "yes");
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector(".ask-no").focus();
  });
}
