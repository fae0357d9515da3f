// What the Node tests of the site's scripts share: a script of overrides/assets/javascripts
// run as a page runs it (in a context of its own, with the window object it writes its
// functions to), the files of the built site (site/, `make site`), and the committed tables
// (data/results/*.csv) read independently of the generator, for expected values.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

export const ROOT = new URL("../..", import.meta.url).pathname;
export const SITE = join(ROOT, "site");

// The window object of a page that ran the script `name` (e.g. "explore.js"); globals gives
// what else the script reads at load (document$ for a script that waits for Material).
export function load(name, globals = {}) {
  const window = {};
  const context = vm.createContext({ window, URLSearchParams, console, ...globals });
  const path = join(ROOT, "overrides", "assets", "javascripts", name);
  vm.runInContext(readFileSync(path, "utf8"), context, { filename: path });
  return window;
}

// A value a script made, as plain data of this context: arrays and objects of the script's own
// context have other prototypes, which assert.deepStrictEqual tells apart.
export function plain(value) {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

// The JSON file of the built site in `folder` (below site/) whose name is `stem`.<hash>.json.
export function builtJson(folder, stem) {
  const dir = join(SITE, folder);
  let names;
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(stem + ".") && n.endsWith(".json"));
  } catch {
    names = [];
  }
  if (names.length !== 1) {
    throw new Error(`${dir}/${stem}.<hash>.json is missing: run \`make site\` (make test does)`);
  }
  return JSON.parse(readFileSync(join(dir, names[0]), "utf8"));
}

// Every row of the committed round tables, as objects of text (RFC 4180: quoted cells may hold
// commas, quotes written twice, line breaks).
export function tableRows() {
  const dir = join(ROOT, "data", "results");
  return readdirSync(dir).filter((n) => n.endsWith(".csv")).sort()
    .flatMap((name) => parseCsv(readFileSync(join(dir, name), "utf8")));
}

export function parseCsv(text) {
  const records = [];
  let row = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(cell); cell = ""; }
    else if (ch === "\n") { row.push(cell); records.push(row); row = []; cell = ""; }
    else if (ch !== "\r") cell += ch;
  }
  if (cell !== "" || row.length) { row.push(cell); records.push(row); }
  const [header, ...rest] = records;
  return rest.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}
