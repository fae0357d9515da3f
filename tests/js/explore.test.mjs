// The rules of the results explorer (overrides/assets/javascripts/explore.js), with Node's test
// runner, on the dataset file of the built site: which rows a view holds (parse, matcher), the
// figure each shows (pairsOf) and their order (sortRows), and the limits read from what a reader
// types. What only a browser shows (menus, notes, focus, layout) stays in tests/test_explore.py.
// Expected rows are selected here from the committed tables (data/results/*.csv), not by the
// generator nor by the script.
import assert from "node:assert/strict";
import { test } from "node:test";

import { builtJson, load, plain, tableRows } from "./site.mjs";

// An English page's document: fill() reads its language (Chinese spacing is tidied on zh pages).
const x = load("explore.js", { document: { documentElement: { lang: "en" } } }).mlperfExplore;
const data = builtJson("assets/data", "results");
const table = tableRows();
const labels = new Proxy({ families: {} }, {
  get: (target, name) => (name in target ? target[name] : String(name)),
});

// The page's view of an address query: the state read from it (parse), what it ignored, the
// rows that match, and the [row, figure] pairs shown, in the order shown (explore-table.js
// render does the same with these functions).
// One page decodes the dataset once and keeps each figure's pairs and each column's order on
// its rows (pairsOf, order), for every view after: so do these tests.
const rows = x.decode(data);
const options = x.filterOptions(rows, data, labels);

function view(search) {
  const { state, ignored } = x.parse(search, options);
  const match = x.matcher(state);
  const every = x.pairsOf(rows, state.per, data.units);
  const matching = [], pairs = [];
  rows.forEach((row, i) => {
    if (!match(row)) return;
    matching.push(row);
    if (every[i]) pairs.push(every[i]);
  });
  return { state: plain(state), ignored: plain(ignored), matching,
           shown: Array.from(x.sortRows(pairs, state.sort, rows, state.per, data.units)) };
}

const shownId = (pair) => pair[0].result_id;

test("the dataset file holds every row of the committed tables once", () => {
  assert.equal(rows.length, table.length);
  // The ID fields named and filled as the CSV's: canonical, as published (none when derived).
  const ids = (r) => `${r.round} ${r.result_id} ${r.result_id_published || ""} ${r.model} ${r.scenario}`;
  assert.deepEqual(plain(rows.map(ids)).sort(), table.map(ids).sort());
});

test("a filter given twice in the address is one value", () => {
  // Was the first half of tests/test_explore.py's test of the same name (the menu's part
  // stays there): ?round=v6.1&round=v6.1 is the view of v6.1, and its address names it once.
  const { state, ignored, matching } = view("?round=v6.1&round=v6.1");
  assert.deepEqual(state.filters.round, ["v6.1"]);
  assert.deepEqual(ignored, []);
  assert.equal(matching.length, table.filter((r) => r.round === "v6.1").length);
  assert.equal(x.query(state), "?round=v6.1");
});

test("a parameter given again keeps its first value, and one not understood is ignored once", () => {
  const { state, ignored } = view("?per=watt&per=accelerator&round=bogus&round=bogus");
  assert.equal(state.per, "watt");
  assert.deepEqual(ignored, ["per=accelerator", "round=bogus"]);
});

test("an address query is read back to the same view", () => {
  const search = "?round=v5.1&division=closed&accelerator=nvidia-h200-sxm" +
    "&accelerator=amd-instinct-mi300x&min_accelerators=2&max_accelerators=8&per=accelerator" +
    "&sort=-result";
  const { state, ignored } = view(search);
  assert.deepEqual(ignored, []);
  assert.equal(x.query(state), search);
  assert.deepEqual(view(x.query(state)).state, state);
});

// What a reader may type in a limit's field and what it means: a whole number from 1 to
// 999999 in digits only, spaces around it and full-width digits read as digits.
const form = (min, max = "") => ({ elements: {
  min_accelerators: { value: min }, max_accelerators: { value: max },
  per: { value: "system" }, sort: { value: "" }, id: { value: "" },
  ...Object.fromEntries(["round", "suite", "division", "category", "model", "scenario",
                         "submitter", "organization", "family", "accelerator"]
    .map((name) => [name, { value: "" }])) } });

for (const typed of ["0", "2.5", "1e3", "9999999", "-4", "1.000"]) {
  test(`a limit of ${JSON.stringify(typed)} is not a count: not applied, and said`, () => {
    // Was tests/test_explore.py test_a_limit_that_is_not_a_count_is_said_not_cleared for
    // these values ("2,5" and "many" stay there, with the note and the field); "1.000", a
    // thousand to an Italian reader, is also test_an_italian_thousand_is_not_read_as_one's.
    assert.deepEqual(plain(x.invalidLimits(form(typed))), [{ name: "min_accelerators", value: typed }]);
    assert.equal(x.readState(form(typed), { filters: {} }).min_accelerators, null);
    const { state, ignored } = view(`?min_accelerators=${encodeURIComponent(typed)}`);
    assert.equal(state.min_accelerators, null);
    assert.deepEqual(ignored, [`min_accelerators=${typed}`]);
  });
}

for (const typed of [" 4 ", "４", "4"]) {
  test(`a limit typed ${JSON.stringify(typed)} is the count 4`, () => {
    // Was tests/test_explore.py test_a_count_with_spaces_or_full_width_digits_applies: the
    // rows with at least 4 accelerators (the CSV's total_accelerators); none without any.
    assert.deepEqual(plain(x.invalidLimits(form(typed))), []);
    const state = x.readState(form(typed), { filters: {} });
    assert.equal(state.min_accelerators, 4);
    assert.equal(x.query(state), "?min_accelerators=4");  // the address it writes
    assert.equal(rows.filter(x.matcher(state)).length,
                 table.filter((r) => r.total_accelerators !== "" &&
                                     Number(r.total_accelerators) >= 4).length);
  });
}

test("three filters show exactly the matching rows, the highest result first", () => {
  const expected = table.filter((r) => r.round === "v6.1" && r.model === "llama2-70b-99.9" &&
    r.scenario === "Offline" && r.division === "closed");
  assert.ok(expected.length > 1);
  const best = expected.reduce((a, b) => (Number(b.result) > Number(a.result) ? b : a));
  const { matching, shown } = view(
    "?round=v6.1&model=llama2-70b-99.9&scenario=Offline&division=closed&sort=-result");
  assert.equal(matching.length, expected.length);
  assert.equal(shownId(shown[0]), best.result_id);
  assert.deepEqual(shown.map((p) => p[1].value),
                   expected.map((r) => Number(r.result)).sort((a, b) => b - a));
});

test("open results are ranked after the closed ones", () => {
  // Was tests/test_explore.py test_open_results_are_ranked_after_the_closed_ones: v6.1
  // llama2-70b-99.9 Offline, both divisions (the CSV has one open result, 6.1-0120).
  const rows = table.filter((r) => r.round === "v6.1" && r.model === "llama2-70b-99.9" &&
                                   r.scenario === "Offline");
  const closed = rows.filter((r) => r.division === "closed").length;
  const opened = new Set(rows.filter((r) => r.division === "open").map((r) => r.result_id));
  assert.ok(closed > 0 && opened.size > 0);
  const { shown } = view("?round=v6.1&model=llama2-70b-99.9&scenario=Offline&sort=-result");
  assert.equal(shown.length, rows.length);
  assert.deepEqual(shown.slice(0, closed).filter((p) => opened.has(shownId(p))), []);
  assert.deepEqual(new Set(shown.slice(closed).map(shownId)), opened);
  // And worst first: the closed ranking reversed, the open one still after it.
  const worst = view("?round=v6.1&model=llama2-70b-99.9&scenario=Offline&sort=result").shown;
  assert.deepEqual(worst.slice(0, closed).map(shownId), shown.slice(0, closed).map(shownId)
    .reverse());
});

test("a latency is ranked lowest first, and never divided by accelerators", () => {
  const rows = table.filter((r) => r.round === "v6.1" && r.units.startsWith("Latency"));
  assert.ok(rows.length > 1);
  const { model, scenario } = rows[0];
  const same = rows.filter((r) => r.model === model && r.scenario === scenario &&
                                  r.division === "closed");
  const { shown } = view(`?round=v6.1&model=${model}&scenario=${scenario}&division=closed` +
                         "&sort=-result");
  assert.deepEqual(shown.map((p) => p[1].value),
                   same.map((r) => Number(r.result)).sort((a, b) => a - b));
  assert.equal(view(`?round=v6.1&model=${model}&scenario=${scenario}&per=accelerator`)
    .shown.length, 0);
});

test("a mixed system has no figure per accelerator", () => {
  // Was tests/test_explore.py test_a_mixed_system_has_no_figure_per_accelerator: 5.1-0091
  // (Supermicro_MangoBoost, MI325X ×16 with MI300X ×8) is mixed in the CSV.
  const matching = table.filter((r) => r.round === "v5.1" &&
                                       r.submitter === "Supermicro_MangoBoost");
  const listed = matching.filter((r) => r.result_per_accelerator !== "" &&
                                        r.accelerator_mixed === "false");
  assert.ok(matching.some((r) => r.result_id === "5.1-0091" && r.accelerator_mixed === "true"));
  const perSystem = view("?round=v5.1&submitter=Supermicro_MangoBoost");
  assert.equal(perSystem.shown.length, matching.length);
  const perAccelerator = view("?round=v5.1&submitter=Supermicro_MangoBoost&per=accelerator");
  assert.equal(perAccelerator.matching.length, matching.length);
  assert.ok(matching.length > listed.length);
  assert.deepEqual(perAccelerator.shown.map(shownId).sort(),
                   listed.map((r) => r.result_id).sort());
  for (const [row, figure] of perAccelerator.shown) {
    assert.equal(figure.value, row.result / row.accelerators);
  }
});

test("a filter may hold several values", () => {
  const wanted = ["nvidia-h200-sxm", "amd-instinct-mi300x"];
  const rows = table.filter((r) => r.round === "v5.1" && r.division === "closed" &&
                                   wanted.includes(r.accelerator_id));
  const { matching } = view("?round=v5.1&division=closed&accelerator=nvidia-h200-sxm" +
                            "&accelerator=amd-instinct-mi300x");
  assert.equal(matching.length, rows.length);
  assert.equal(new Set(matching.map((r) => r.accelerator_id)).size, 2);
});

test("per unit of energy divides the result by the measured power", () => {
  // v4.1 closed resnet Offline with MLPerf Power: work per joule, result (Samples/s) over the
  // average power (W), derived; the results without power are not listed.
  const rows = table.filter((r) => r.round === "v4.1" && r.model === "resnet" &&
    r.scenario === "Offline" && r.division === "closed");
  const measured = rows.filter((r) => r.power_result !== "");
  assert.ok(measured.every((r) => r.power_units === "Watts"));
  const best = Math.max(...measured.map((r) => Number(r.result) / Number(r.power_result)));
  const { matching, shown } = view(
    "?round=v4.1&model=resnet&scenario=Offline&division=closed&per=watt&sort=-result");
  assert.equal(matching.length, rows.length);
  assert.equal(shown.length, measured.length);
  assert.ok(Math.abs(shown[0][1].value - best) < 1e-9 * best);
  assert.ok(shown[0][1].derived);
});

test("per TB/s and per peak TFLOPS divide the LLM results per accelerator by the card", () => {
  // Expected by hand: the committed v6.1 table's MI355X results in Tokens/s with a
  // result_per_accelerator, divided by Epoch's "AMD Instinct MI355X" row
  // (data/accelerator_specs_epoch.yaml: 8.0 TB/s; FP4 9,200, FP8 4,600 TFLOPS dense) at the
  // lowest precision the weights name.
  const peak = { fp4: 9200, fp8: 4600, fp16: 2516.6, int8: 5033.2 };
  const lowest = (types) => {
    const words = new Set((types || "").toLowerCase().split(/[^a-z0-9_]+/));
    if (["fp4", "nvfp4", "mxfp4"].some((w) => words.has(w))) return "fp4";
    if (["fp8", "f8_e4m3", "e4m3"].some((w) => words.has(w))) return "fp8";
    if (words.has("int8")) return "int8";
    return ["bf16", "fp16"].some((w) => words.has(w)) ? "fp16" : null;
  };
  const expected = table.filter((r) => r.round === "v6.1" &&
    r.accelerator_id === "amd-instinct-mi355x" && r.units === "Tokens/s" &&
    r.result_per_accelerator !== "" && r.accelerator_mixed === "false");
  assert.ok(expected.length > 0);
  const bandwidth = view("?round=v6.1&accelerator=amd-instinct-mi355x&per=bandwidth").shown;
  const compute = view("?round=v6.1&accelerator=amd-instinct-mi355x&per=compute").shown;
  const key = (id, model, scenario) => `${id} ${model} ${scenario}`;
  const byBandwidth = new Map(bandwidth.map((p) => [key(p[0].result_id.replace(/^v/, ""),
    p[0].model, p[0].scenario), p[1]]));
  const byCompute = new Map(compute.map((p) => [key(p[0].result_id.replace(/^v/, ""),
    p[0].model, p[0].scenario), p[1]]));
  assert.equal(byBandwidth.size, expected.length);
  expected.forEach((r) => {
    const k = key(r.result_id, r.model, r.scenario);
    const figure = byBandwidth.get(k);
    assert.ok(Math.abs(figure.value - Number(r.result_per_accelerator) / 8) < 1e-9 * figure.value);
    assert.equal(figure.derived, true);
    const precision = lowest(r.weight_data_types);
    if (precision) {
      assert.ok(Math.abs(byCompute.get(k).value - Number(r.result_per_accelerator) /
                         peak[precision]) < 1e-9 * byCompute.get(k).value);
      assert.equal(byCompute.get(k).precision, precision);
    } else {
      assert.equal(byCompute.get(k), undefined);
    }
  });
  // The Arc Pro B70's card has no bandwidth (data/accelerator_specs.yaml: Intel's system
  // description states memory only): none of its results has that figure.
  assert.equal(view("?accelerator=intel-arc-pro-b70&per=bandwidth").shown.length, 0);
});

test("a preview result names its due round, as every page does", () => {
  // MLCommons' rule (qualifiers.py): a preview is due by the next round; the rounds of the
  // committed tables, in order, give it ("v6.1" is due by "v7.0", the next after the last one
  // of a year's pair). Here: each preview row's due round is a round name after its own.
  const previews = rows.filter((row) => row.category === "preview");
  const expected = table.filter((r) => r.category === "preview").length;
  assert.equal(previews.length, expected);
  assert.ok(expected > 0);
  const number = (name) => name.slice(1).split(".").map(Number);
  for (const row of previews) {
    const [major, minor] = number(row.round), [dueMajor, dueMinor] = number(row.preview_due);
    assert.ok(dueMajor > major || (dueMajor === major && dueMinor > minor), row.preview_due);
    const text = x.categoryText(row, { preview_due: "preview, due %(round)s" });
    assert.equal(text, "preview, due " + row.preview_due);
  }
  // Any other category is named by its label alone.
  const other = rows.find((row) => row.category === "available");
  assert.equal(other.preview_due, null);
  assert.equal(x.categoryText(other, { available: "available" }), "available");
});

// After MLCommons publishes the official IDs of a round whose IDs this site derived, the table
// data/ids/<round>.csv that the import writes reaches the dataset file as "superseded". The
// committed data has none yet: these tests give the rules a table of the kind the import
// writes, 6.1-0001 and 6.1-0002 swapped (two systems numbered the other way round).
const SWAPPED = {
  "6.1-0001": { round: "v6.1", official: "6.1-0002", now: "6.1-0001",
                submitter: "S", system_name: "the system shown as 6.1-0002" },
  "6.1-0002": { round: "v6.1", official: "6.1-0001", now: "6.1-0002",
                submitter: "T", system_name: "the system shown as 6.1-0001" },
};

test("an old derived ID reads as the system it meant, and the address says the official ID", () => {
  const swapped = Object.assign({}, options, { superseded: SWAPPED });
  const old = x.parse("?id=6.1-0001", swapped);
  assert.deepEqual(plain(old.ignored), []);
  assert.equal(old.state.id, "6.1-0002");  // the system 6.1-0001 was derived for
  assert.deepEqual(plain(old.state.superseded), {
    id: "6.1-0001", official: "6.1-0002", now: "6.1-0001", round: "v6.1",
    system: "S the system shown as 6.1-0002" });
  // The view is written with its official ID, marked so, and read back to the same system.
  delete old.state.superseded;
  assert.equal(x.query(old.state, SWAPPED), "?id=6.1-0002&ids=official");
  const back = x.parse(x.query(old.state, SWAPPED), swapped);
  assert.equal(back.state.id, "6.1-0002");
  assert.equal(back.state.superseded, undefined);
  assert.deepEqual(plain(back.ignored), []);
  // An ID no derived ID had is written without the mark.
  assert.equal(x.query({ filters: {}, id: "6.0-0001", min_accelerators: null,
                         max_accelerators: null, per: "system", sort: null }, SWAPPED),
               "?id=6.0-0001");
});

test("a derived ID of a result withdrawn before the publication opens no other system", () => {
  // data/ids/v6.1.csv maps a withdrawn result's derived ID to none (official ""); MLCommons'
  // 6.1-0001 is another system's: the view is not narrowed to that system, and says why.
  const swapped = Object.assign({}, options, { superseded: {
    "6.1-0001": { round: "v6.1", official: "", now: "6.1-0001", submitter: "S",
                  system_name: "withdrawn" } } });
  const { state, ignored } = x.parse("?id=6.1-0001", swapped);
  assert.equal(state.id, null);
  assert.equal(state.superseded.official, "");
  assert.equal(state.superseded.now, "6.1-0001");
  assert.deepEqual(plain(ignored), []);
  // Marked as official, the same text is the system that carries it now.
  assert.equal(x.parse("?id=6.1-0001&ids=official", swapped).state.id, "6.1-0001");
});
