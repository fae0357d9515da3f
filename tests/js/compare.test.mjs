// The rules of the comparison of two systems (overrides/assets/javascripts/compare.js), with
// Node's test runner, on the comparison's files of the built site (the index systems.json and
// one file of systems per round, systems-v6-1.json): which system a written result ID opens,
// which round's file holds what, which results are paired and how they are divided, and what
// a row says differs. What only a browser shows stays in tests/test_compare.py. Expected
// values come from the committed tables (data/results/*.csv).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { SITE, builtJson, load, plain, tableRows } from "./site.mjs";

const compare = load("compare.js", { document$: { subscribe() {} } }).mlperfCompare;
const FOLDER = "en/results/compare";
const index = builtJson(FOLDER, "systems");
const table = tableRows();
// A round's file, by the name the index gives it (content-hashed: systems-v6-1.<hash>.json).
const roundFile = (round) =>
  JSON.parse(readFileSync(join(SITE, FOLDER, index.shards[round]), "utf8"));
const v61 = roundFile("v6.1");

for (const [written, key] of [["v6.1-0106", "6.1-0106"], ["V6.1-106", "6.1-0106"],
                              ["6.1-0106", "6.1-0106"], ["4.1-0043", "v4.1-0043"],
                              ["v4.1-0043", "v4.1-0043"]]) {
  test(`the result ID written ${written} opens the system ${key}`, () => {
    // Was tests/test_compare.py test_a_result_id_in_any_written_form_opens_its_system (these
    // forms; an ID with spaces around it stays there, with the address it leads to). v6.1's
    // IDs are derived, without a "v"; v4.1 publishes its IDs with one (the CSV's
    // result_id_published "v4.1-0043" for result_id 4.1-0043).
    const canonical = key.replace(/^v/, "");
    const row = table.find((r) => r.result_id === canonical);
    assert.equal(row.result_id_published || row.result_id, key);
    assert.equal(compare.systemOf(index, written), key);
  });
}

test("a text that is no result ID, or an ID no system has, opens nothing", () => {
  assert.equal(compare.systemOf(index, "gb300"), null);
  assert.equal(compare.systemOf(index, "6.1-9999"), null);
  assert.equal(compare.systemOf(index, "6.1-0106x"), null);
});

test("each round's file holds that round's systems, and the index names the round of each", () => {
  // The IDs of each round of the CSV tables, spelt as MLCommons publishes them (v4.1-0043 in
  // v4.1, 6.1-0106 in v6.1, whose IDs are derived).
  const rounds = [...new Set(table.map((r) => r.round))];
  assert.deepEqual(Object.keys(index.shards).sort(), rounds.sort());
  for (const round of rounds) {
    const ids = new Set(table.filter((r) => r.round === round)
      .map((r) => r.result_id_published || r.result_id));
    const file = roundFile(round);
    assert.deepEqual(new Set(Object.keys(file.systems)), ids, round);
    for (const id of ids) assert.equal(index.systems[id], round, id);
    // An address of the older form, by name, is looked up in the file of the round it
    // begins with (names.Naming.system_key: "v6.1.nvidia.…").
    for (const [old, keys] of Object.entries(file.renamed)) {
      assert.equal(compare.roundOfOldKey(index, old), round, old);
      for (const key of keys) assert.ok(ids.has(key), `${old}: ${key}`);
    }
  }
  assert.equal(compare.roundOfOldKey(index, "gb300"), null);
});

test("the two systems the page opens with are in the index, as in their round's file", () => {
  // The lists open with two systems of the newest round (model/comparisons.default_pair); the
  // first comparison is drawn from the index alone, so they must be the round files' entries.
  const keys = Object.keys(index.opening);
  assert.equal(keys.length, 2);
  for (const key of keys) {
    assert.deepEqual(index.opening[key], roundFile(index.systems[key]).systems[key]);
  }
});

test("two systems are paired on the benchmarks both ran, and a latency is never divided by accelerators", () => {
  // NVIDIA GB300 NVL72 (6.1-0074) against Vera Rubin NVL72 (6.1-0106): the CSV's benchmarks
  // of both, each ratio B over A.
  const a = v61.systems["6.1-0074"], b = v61.systems["6.1-0106"];
  const rows = plain(compare.pairs(a, b));
  const ran = (id) => new Set(table.filter((r) => r.result_id === id)
    .map((r) => `${r.model} ${r.scenario}`));
  const both = [...ran("6.1-0074")].filter((k) => ran("6.1-0106").has(k));
  assert.equal(rows.length, both.length);
  for (const row of rows) {
    assert.equal(row.ratio, row.b.value / row.a.value);
    if (!row.a.higher_is_better) assert.equal(row.perAccelerator, null);
    const verdict = row.ratio === 1 ? "equal"
      : (row.ratio > 1) === row.a.higher_is_better ? "b_better" : "a_better";
    assert.equal(row.better, verdict);
  }
});

test("results in different units are shown side by side, never divided", () => {
  const a = { results: { k: { units: "Queries/s", value: 10, higher_is_better: true,
                              per_accelerator: 5 } } };
  const b = { results: { k: { units: "Tokens/s", value: 20, higher_is_better: true,
                              per_accelerator: 10 } } };
  const [row] = plain(compare.pairs(a, b));
  assert.deepEqual([row.ratio, row.perAccelerator, row.better], [null, null, null]);
  const found = plain(compare.differences({ round: "v6.0" }, { round: "v6.1" },
    { units: "Queries/s", units_text: "queries/s", division: "closed", category: "available",
      accelerators: 8 },
    { units: "Tokens/s", units_text: "tokens/s", division: "open", category: "available",
      accelerators: 72 }));
  assert.deepEqual(found, [["round", "v6.0", "v6.1"], ["division", "closed", "open"],
                           ["accelerators", 8, 72], ["units", "queries/s", "tokens/s"]]);
});

test("a derived ID superseded by an official one is found in any written form", () => {
  // The table the import writes when MLCommons' official IDs swap 6.1-0001 and 6.1-0002
  // (data/ids/v6.1.csv as the index's "superseded", read before any round's file; the
  // committed data has none yet).
  assert.deepEqual(plain(index.superseded), {});
  const swapped = Object.assign({}, index, { superseded: {
    "6.1-0001": { round: "v6.1", official: "6.1-0002", now: "6.1-0001", submitter: "S",
                  system_name: "A" } } });
  for (const written of ["6.1-0001", "v6.1-0001", "V6.1-1"]) {
    assert.equal(compare.supersededOf(swapped, written).official, "6.1-0002");
    assert.equal(compare.supersededOf(swapped, written).id, "6.1-0001");
  }
  assert.equal(compare.supersededOf(swapped, "6.1-0003"), null);
  assert.equal(compare.supersededOf(index, "6.1-0001"), null);
});

test("a label's † after a derived ID is a mark of its own, the rest its text", () => {
  // By hand: a derived ID's label, and one of a published ID (v4.1), which has no mark.
  assert.deepEqual(plain(compare.labelPieces("NVIDIA GB300 NVL72 — 72 accelerators — 6.1-0074†")),
                   [["NVIDIA GB300 NVL72 — 72 accelerators — 6.1-0074", false], ["†", true]]);
  assert.deepEqual(plain(compare.labelPieces("Vera Rubin (72, 6.1-0106†) · preview")),
                   [["Vera Rubin (72, 6.1-0106", false], ["†", true], [") · preview", false]]);
  assert.deepEqual(plain(compare.labelPieces("HPE — 8 accelerators — v4.1-0043")),
                   [["HPE — 8 accelerators — v4.1-0043", false]]);
});

test("every system's label marks its ID † exactly when the CSV says the ID is derived", () => {
  // data/results/*.csv: result_id_derived is "true" for the IDs this site derived (v6.1's).
  const derived = new Map(table.map((r) => [r.result_id_published || r.result_id,
                                            r.result_id_derived === "true"]));
  for (const round of Object.keys(index.shards)) {
    for (const [key, system] of Object.entries(roundFile(round).systems)) {
      const marks = compare.labelPieces(system.label).filter((piece) => piece[1]);
      assert.equal(marks.length, derived.get(key) ? 1 : 0, `${key}: ${system.label}`);
      if (derived.get(key)) assert.ok(system.label.includes(key + "†"), system.label);
    }
  }
});

test("the lists hold every system once, each entry naming its round and organization", () => {
  // The CSV's result IDs, spelt as MLCommons publishes them, are the index's systems; each
  // entry's text begins with its group's round and organization, and its round is the
  // system's (index.systems, checked against the CSV above).
  const groups = plain(compare.menuGroups(index.menu));
  const keys = groups.flatMap((group) => group.entries.map((entry) => entry[0]));
  assert.equal(keys.length, new Set(keys).size);
  assert.deepEqual(new Set(keys),
                   new Set(table.map((r) => r.result_id_published || r.result_id)));
  for (const group of groups) {
    for (const [key, text] of group.entries) {
      assert.ok(text.startsWith(group.label + " · "), text);
      assert.ok(group.label.startsWith(index.systems[key] + " · "), `${key}: ${group.label}`);
    }
  }
  // The lists open with the two systems whose results the index carries.
  assert.deepEqual(new Set(index.chosen), new Set(Object.keys(index.opening)));
});
