// Small line icons for keywords and card states, drawn as inline SVG (16x16 grid) so
// they look the same on every system, whatever fonts it has.

const PATHS = {
  attack: "M3 13l8-8M9 3h4v4M2 11l3 3M4 12l-2 2", // a blade
  tap: "M12 4a5 5 0 1 0 1.5 4M12 1v3h-3", // a turning arrow
  flip: "M3 3h6v10H3zM9 5l4 1v8l-4-1", // a card turning over
  free: "M8 3a5 5 0 1 0 0.01 0", // an empty circle: costs nothing
  counter: "M13 6H5l3-3M5 6l3 3M3 10h8l-3 3", // a strike sent back
  innocence: "M8 2l1.8 4.2L14 8l-4.2 1.8L8 14l-1.8-4.2L2 8l4.2-1.8z", // a sparkle
  guard: "M8 2l5 2v4c0 3-2.2 5-5 6-2.8-1-5-3-5-6V4z", // a shield
  resist: "M8 2l5.2 3v6L8 14l-5.2-3V5z", // a hexagon
  tokens: "M8 2l1.5 4H14l-3.5 2.7L12 13 8 10.3 4 13l1.5-4.3L2 6h4.5z", // a star
  event: "M9 1L3 9h4l-1 6 6-8H8z", // a flash
  support: "M6 9a3 3 0 0 1 0-4l2-2a3 3 0 0 1 4 4l-1 1M10 7a3 3 0 0 1 0 4l-2 2a3 3 0 0 1-4-4l1-1", // links
  keyword: "M2 8l4-5h8v10H6z", // a tag
  ability: "M8 2v12M2 8h12M4 4l8 8M12 4l-8 8", // a burst
  clock: "M8 2a6 6 0 1 0 0.01 0M8 5v3l2 2", // a timing
  target: "M8 2a6 6 0 1 0 0.01 0M8 5a3 3 0 1 0 0.01 0", // an aim
  rested: "M3 12h10M4 12V5h5M7 3l2 2-2 2", // lying down
  down: "M2 4h12v8H2zM2 4l12 8M14 4L2 12", // a face-down card
  sick: "M3 4h4L3 8h4M9 8h4l-4 5h4", // zz
  damage: "M8 2l1 4 4-2-2 4 4 1-4 1 2 4-4-2-1 4-1-4-4 2 2-4-4-1 4-1-2-4 4 2z",
  energy: "M8 1l5 7-5 7-5-7z",
  equip: "M4 12l6-6M9 3l4 4-2 2-4-4zM3 13l1-1", // a tool
  heart: "M8 14S2 10 2 6a3 3 0 0 1 6-1 3 3 0 0 1 6 1c0 4-6 8-6 8z",
};

const SVG = "http://www.w3.org/2000/svg";

export function icon(name, label = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", label ? "false" : "true");
  if (label) svg.setAttribute("aria-label", label);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name] || PATHS.keyword);
  svg.append(path);
  return svg;
}
