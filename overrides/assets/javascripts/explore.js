// Results explorer (results/explore/): the rules of a view. The page holds the labelled controls
// and the translated labels; one dataset file, shared by every language (assets/data/
// results.json at the site root), holds every result in MLCommons' units. This script decodes
// it, says which rows a view holds (filters), what figure each shows (per system, per
// accelerator, per unit of energy), in which order, and how a view is written in the address.
// explore-table.js draws the view and keeps the address; explore-chart.js draws its chart.
// Data reaches the page only as text nodes, never as markup.
(function () {
  "use strict";

  var FILTERS = ["round", "suite", "division", "category", "model", "scenario", "submitter",
                 "organization", "family", "accelerator"];
  var LIMITS = ["min_accelerators", "max_accelerators"];
  // A result ID as MLCommons writes it ("6.1-0073", "v4.1-0050"): the filter "id" keeps the
  // results of one system under test, whichever spelling the address or the reader gives.
  var RESULT_ID = /^v?(\d+\.\d+-\d{4,})$/i;
  function canonicalId(text) {
    var match = RESULT_ID.exec(typed(text || ""));
    return match ? match[1] : null;
  }
  // "bandwidth" and "compute": the result per accelerator per TB/s of the accelerator card's
  // memory bandwidth, and per TFLOPS of its peak rate at the precision of the weights
  // (derived; LLM results only, the rule of specs.spec_figures).
  var PER = ["system", "accelerator", "watt", "bandwidth", "compute"];
  var SPEC_UNITS = "Tokens/s";
  var COLUMNS = ["round", "result_id", "suite", "model", "scenario", "division", "category",
                 "submitter", "system", "accelerator", "accelerators", "result"];
  var NUMERIC = { round: true, accelerators: true, result: true };
  // Rows drawn at a time, and added by "Show more": ten, the page length DataTables starts
  // tables with. Each row drawn is style, layout and paint at every filter change, which must
  // redraw in 100 ms on a phone-class CPU (tools/bench_explorer.py measures it): with twenty
  // the slowest change took 122-143 ms at CPU ×4, with ten 85-87 ms (on the same machine).
  var PAGE = 10;
  var SEVERAL = "\u0000several";  // the option standing for several values from the address
  // The accelerator filter's value for the systems without accelerators (no accelerator ID of
  // the registry has this form: theirs name a vendor and a model).
  var CPU_ONLY = "cpu-only";
  // One collator for every text comparison (String.localeCompare makes one at each call).
  var collator = new Intl.Collator();

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // A text written only where it differs: a node whose text is unchanged is not laid out again.
  function setText(node, text) { if (node.data !== text) node.data = text; }
  function setContent(node, text) { if (node.textContent !== text) node.textContent = text; }
  function shown(node, visible) { if (node.hidden === visible) node.hidden = !visible; }

  // Runs task once the next frame is painted, tasks in the order given: the address follows a
  // view there, as history.pushState lays the page out at once and then takes about 10 ms of
  // its own at CPU ×4 (a Chromium trace of tools/bench_explorer.py), which held the frame back.
  function afterPaint(task) {
    window.requestAnimationFrame(function () { window.setTimeout(task, 0); });
  }

  // A space between two Chinese characters (or one and full-width punctuation), which a
  // Chinese pattern filled with a Chinese word would hold: the style rule forbids it
  // (formatting.tidy_spacing does the same for the pages). Which characters are Chinese is the
  // generator's to say (generator/i18n/han.py): the form gives them (data-han,
  // data-cjk-punctuation), as the bodies of a character class.
  var hanGap = null;

  function chinese(form) {
    var letters = form.dataset.han, any = "[" + letters + form.dataset.cjkPunctuation + "]";
    return { word: new RegExp("^[" + letters + "]+$"), gap: new RegExp("(" + any + ") (?=" + any + ")", "g") };
  }

  // A result's category as every page words it (generator/pages/marks.py): a preview's with
  // its due round ("preview, to be available by v7.0"; explorer.py's preview_due).
  function categoryText(row, labels) {
    return row.preview_due ? fill(labels.preview_due, { round: row.preview_due })
                           : labels[row.category];
  }

  function fill(pattern, values) {
    var text = pattern.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
    if (!/^zh/.test(document.documentElement.lang)) return text;
    hanGap = hanGap || chinese(document.querySelector("form.mlperf-explore")).gap;
    return text.replace(hanGap, "$1");
  }

  // A sentence on a count: the words for one where the count is 1 (CLDR's plural "one" of
  // English and Italian is the count 1; Chinese has one form), else those for many; both filled
  // with values and the count, written by formatCount.
  function counted(count, one, many, values, formatCount) {
    return fill(count === 1 ? one : many, Object.assign({ count: formatCount(count) }, values));
  }

  function roundKey(name) {
    var parts = name.replace(/^v/, "").split(".");
    return Number(parts[0]) * 1000 + Number(parts[1] || 0);
  }

  // The dataset file's columns as one object per result, in the file's order (newest first).
  function decode(data) {
    var columns = data.columns, rows = [];
    for (var i = 0; i < columns.result.length; i++) {
      var row = { index: i };
      Object.keys(columns).forEach(function (name) {
        var value = columns[name][i];
        row[name] = data.values[name] && value !== null ? data.values[name][value] : value;
      });
      var known = row.accelerator_id ? data.accelerators[row.accelerator_id] : null;
      row.accelerator_key = row.accelerator_id || CPU_ONLY;  // what the accelerator filter reads
      row.accelerator_name = known ? known.name : null;
      row.family = known ? known.family : null;
      row.spec = known ? known.spec : null;
      row.organizations = data.organizations[row.submitter] || [row.submitter];
      row.suites = row.suite.split(",");
      // The ID fields as the whole dataset names them: the file stores the published spelling
      // only where it differs from the canonical ID (explorer.py); a derived ID has none. The
      // ID a reader sees is the published one where there is one (schema.shown_id).
      row.result_id_published = row.result_id_derived === 1 ? null
                                                             : row.result_id_published || row.result_id;
      row.shown_id = row.result_id_published || row.result_id;
      // Per accelerator, derived as the import did (result / accelerators) for throughputs;
      // none for a mixed system or a result no accelerator ran, as on the ranked pages
      // (explorer.py, NUMBER_COLUMNS).
      row.per_accelerator = row.accelerators && !row.accelerator_mixed &&
        !row.accelerator_unused &&
        data.units[row.units].higher_is_better ? row.result / row.accelerators : null;
      // The result's folder, stored as the system's folder and the rest (explorer.py).
      row.location = row.location_rest ? row.location_folder + "/" + row.location_rest
                                       : row.location_folder;
      row.result_url = data.repositories[row.round] +
        row.location.split("/").map(encodeURIComponent).join("/");
      rows.push(row);
    }
    return rows;
  }

  // The values of a row a filter reads (several for a result of both suites, or a submitter
  // of several organizations). An accelerator is its canonical identity: a mixed system (its
  // own identity, "a-and-b") is not listed under each of its parts, as on the accelerator pages.
  var FIELDS = { round: "round", division: "division", category: "category", model: "model",
                 scenario: "scenario", submitter: "submitter", family: "family",
                 accelerator: "accelerator_key" };
  var LISTS = { suite: "suites", organization: "organizations" };

  // The test of a view (a function of a row), made once per view: only its active filters are
  // checked, each against a set of the values chosen. The one rule the table, the count and
  // the downloads share.
  function matcher(state) {
    var tests = [];
    FILTERS.forEach(function (name) {
      var chosen = state.filters[name];
      if (!chosen) return;
      var set = new Set(chosen);
      if (LISTS[name]) {
        var list = LISTS[name];
        tests.push(function (row) { return row[list].some(function (v) { return set.has(v); }); });
      } else {
        var field = FIELDS[name];
        tests.push(function (row) { return set.has(row[field]); });
      }
    });
    if (state.id) {
      var id = state.id;
      tests.push(function (row) { return row.result_id === id; });
    }
    var min = state.min_accelerators, max = state.max_accelerators;
    if (min !== null) tests.push(function (row) { return row.accelerators !== null && row.accelerators >= min; });
    if (max !== null) tests.push(function (row) { return row.accelerators !== null && row.accelerators <= max; });
    return function (row) {
      for (var i = 0; i < tests.length; i++) if (!tests[i](row)) return false;
      return true;
    };
  }

  // The figure shown for a result: as published per system; per accelerator for throughputs
  // (derived); work per joule (derived) or energy per query (published) with MLPerf Power;
  // per TB/s or per peak TFLOPS of the accelerator's card (derived, LLM results only).
  // null when the result has no such figure.
  function measure(row, per, units) {
    var cached = row.figures || (row.figures = {});
    if (!(per in cached)) cached[per] = figureOf(row, per, units);
    return cached[per];
  }

  // Each result's [row, figure] pair for a figure (per), in the file's order, null where the
  // result has none: made once per figure and page (rows.pairs), so that a redraw makes no
  // object per result. Each figure gets the number of its ranking (figure.ranking: one round,
  // benchmark, scenario, division and unit; see ranking()). rows: decode's rows; per and units
  // as measure's.
  function pairsOf(rows, per, units) {
    var made = rows.pairs || (rows.pairs = {});
    if (made[per]) return made[per];
    var names = new Map();
    return (made[per] = rows.map(function (row) {
      var figure = measure(row, per, units);
      if (!figure) return null;
      var name = [row.division, row.round, row.model, row.scenario, figure.units].join("\u0000");
      if (!names.has(name)) names.set(name, names.size);
      figure.ranking = names.get(name);
      return [row, figure];
    }));
  }

  function figureOf(row, per, units) {
    if (per === "bandwidth" || per === "compute") {
      // The card's value as [value, unit, sparsity] (explorer.py card_values).
      var divisor = row.per_accelerator === null || row.units !== SPEC_UNITS || !row.spec ? null
        : row.spec[per === "bandwidth" ? "memory_bandwidth" : row.precision];
      return divisor ? { value: row.per_accelerator / divisor[0], units: row.units,
                         derived: true, perAccelerator: true, higher: true, spec: per,
                         precision: per === "compute" ? row.precision : null,
                         divisor: divisor } : null;
    }
    if (per === "accelerator") {
      return row.per_accelerator === null ? null :
        { value: row.per_accelerator, units: row.units, derived: true, perAccelerator: true,
          higher: true };
    }
    if (per === "watt") {
      if (row.energy === null) return null;
      var perJoule = row.power_units === "Watts";
      return { value: row.energy, units: row.energy_units, derived: perJoule,
               perAccelerator: false, higher: perJoule };
    }
    return { value: row.result, units: row.units, derived: false, perAccelerator: false,
             higher: units[row.units].higher_is_better };
  }

  // The indexes of every row of the dataset (decode's rows) in the order of a column (by result,
  // of one figure, per): rows without the value last, equal values in the file's order. Made
  // once per column, direction and figure and kept in rows.orders, so that sorting a view is one
  // pass over it (a sort of the whole dataset at each change was a third of its time at ×4).
  // Only the column's distinct values are sorted (numbers by value, texts by the collator), each
  // row then placed with its value: 339 systems' names, not 3,397 rows' (a first sort by system
  // took 86-90 ms at CPU ×4 when every row was compared).
  function order(rows, sort, per, units) {
    var orders = rows.orders || (rows.orders = {}), column = sort.column;
    var name = (sort.descending ? "-" : "") + column + (column === "result" ? " " + per : "");
    if (orders[name]) return orders[name];
    var keys = rows.map(function (row) {
      if (column === "result") return (measure(row, per, units) || { value: null }).value;
      if (column === "round") return roundKey(row.round);
      return column === "accelerator" ? row.accelerator_name : row[column];
    });
    var values = Array.from(new Set(keys)).filter(function (v) {
      return v !== null && v !== undefined;
    }).sort(NUMERIC[column] ? function (a, b) { return a - b; }
                            : function (a, b) { return collator.compare(String(a), String(b)); });
    if (sort.descending) values.reverse();
    var place = new Map(), placed = values.map(function (v, i) { place.set(v, i); return []; });
    var none = [];
    keys.forEach(function (key, i) {
      (key === null || key === undefined ? none : placed[place.get(key)]).push(i);
    });
    return (orders[name] = [].concat.apply([], placed).concat(none));
  }

  // The ranking a result is in when a view is sorted by result, as a number (pairsOf): only
  // results of one round, benchmark (model) and scenario, in one division and one unit, are
  // ranked against each other, as on the benchmark pages (MLCommons' results guidelines compare
  // results of the same benchmark and scenario; an open result may run another model at another
  // accuracy). p: a [row, figure] pair of pairsOf.
  function ranking(p) { return p[1].ranking; }

  // A view's [row, figure] pairs (pairsOf's, in the file's order) sorted, as a new list. By
  // result, each ranking (ranking()) is its own group, the closed division's first and the open
  // one's after them, each in the order its first result has in the file (newest round first),
  // so that no two results that do not compare are ever ranked against each other; and each is
  // ranked best first (sort.descending, "-result" in the address: the highest throughput, the
  // lowest latency) or worst first, as a benchmark page ranks it. rows: decode's rows, per and
  // units as measure's. Plain loops: the first sort of a page runs them before the engine has
  // optimized them.
  function sortRows(pairs, sort, rows, per, units) {
    if (!sort) return pairs;
    var byIndex = new Array(rows.length), i, p;
    for (i = 0; i < pairs.length; i++) byIndex[pairs[i][0].index] = pairs[i];
    var ordered = order(rows, sort, per, units), out = [];
    if (sort.column !== "result") {
      for (i = 0; i < ordered.length; i++) if ((p = byIndex[ordered[i]])) out.push(p);
      return out;
    }
    var slot = [], closed = 0, opened = [];  // each ranking's place among the groups
    for (i = 0; i < pairs.length; i++) {
      p = pairs[i];
      if (slot[p[1].ranking] !== undefined) continue;
      if (p[0].division === "open") {
        slot[p[1].ranking] = -1;
        opened.push(p[1].ranking);
      } else {
        slot[p[1].ranking] = closed++;
      }
    }
    for (i = 0; i < opened.length; i++) slot[opened[i]] = closed + i;
    // A throughput best first is its figures largest first; a latency, smallest first.
    var lowFirst = order(rows, { column: "result", descending: !sort.descending }, per, units);
    var groups = [];
    [[ordered, true], [lowFirst, false]].forEach(function (pass) {
      var indexes = pass[0], higher = pass[1];
      for (var k = 0; k < indexes.length; k++) {
        var q = byIndex[indexes[k]];
        if (!q || !!q[1].higher !== higher) continue;
        var place = slot[q[1].ranking];
        (groups[place] || (groups[place] = [])).push(q);
      }
    });
    for (i = 0; i < groups.length; i++) if (groups[i]) out.push.apply(out, groups[i]);
    return out;
  }

  // The address query of a view, and the view of an address query with what it ignored.
  // superseded: the dataset file's derived IDs whose official IDs were published; an ID whose
  // text is one of them is written with "ids=official" (parse).
  function query(state, superseded) {
    var params = new URLSearchParams();
    if (state.id) params.set("id", state.id);
    if (state.id && superseded && Object.prototype.hasOwnProperty.call(superseded, state.id)) {
      params.set("ids", "official");
    }
    FILTERS.forEach(function (name) {
      (state.filters[name] || []).forEach(function (v) { params.append(name, v); });
    });
    LIMITS.forEach(function (name) {
      if (state[name] !== null) params.set(name, String(state[name]));
    });
    if (state.per !== "system") params.set("per", state.per);
    if (state.sort) params.set("sort", (state.sort.descending ? "-" : "") + state.sort.column);
    var text = params.toString();
    return text ? "?" + text : "";
  }

  // An accelerator count a limit accepts: a whole number from 1 to MOST_ACCELERATORS, in digits
  // only (no sign, point, grouping or exponent: "1.000" is a thousand to an Italian reader).
  // What a reader types or an address gives is read as typed(): spaces around it dropped, and
  // full-width digits (４, from a Chinese input method) read as digits (Unicode's NFKC).
  var MOST_ACCELERATORS = 999999;
  function typed(text) { return text.normalize("NFKC").trim(); }
  function isCount(text) {
    return /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MOST_ACCELERATORS;
  }

  // A parameter given twice with one value (?round=v6.1&round=v6.1) is the same view as once.
  // A parameter of one value given again with another (?per=watt&per=accelerator) keeps the
  // first value it understands; the others are ignored, and said, as is each value not
  // understood.
  //
  // An ID this site derived keeps its meaning after MLCommons published the official IDs of its
  // round (options.superseded, from data/ids/<round>.csv): ?id=6.1-0001 is the system it was
  // derived for, shown under its official ID, and state.superseded says so, with the system
  // that carries 6.1-0001 as its official ID now, if another does. "ids=official" reads the
  // address's ID as the official one (query() writes it where the text was a derived ID).
  function parse(search, options) {
    var state = { filters: {}, id: null, min_accelerators: null, max_accelerators: null,
                  per: null, sort: null }, ignored = [], seen = new Set();
    var params = new URLSearchParams(search), superseded = options.superseded || {};
    var official = params.getAll("ids").indexOf("official") >= 0;
    params.forEach(function (value, name) {
      // An empty name is named by its "=" (?=x, ?=).
      var item = value || !name ? name + "=" + value : name, column = value.replace(/^-/, "");
      if (seen.has(item)) return;
      seen.add(item);
      if (name === "h") return;  // the words Material's search highlights on the page
      var id = canonicalId(value);
      if (name === "ids" && value === "official") return;  // read with "id"
      if (name === "id" && state.id === null && !state.superseded && !official &&
          Object.prototype.hasOwnProperty.call(superseded, id)) {
        var old = superseded[id];
        state.superseded = { id: id, official: old.official, now: old.now, round: old.round,
                             system: old.submitter + " " + old.system_name };
        if (options.id[old.official]) state.id = old.official;
      } else if (name === "id" && state.id === null && options.id[id]) {
        state.id = id;
      } else if (FILTERS.indexOf(name) >= 0 &&
          Object.prototype.hasOwnProperty.call(options[name], value)) {
        state.filters[name] = (state.filters[name] || []).concat([value]);
      } else if (LIMITS.indexOf(name) >= 0 && state[name] === null && isCount(typed(value))) {
        state[name] = Number(typed(value));
      } else if (name === "per" && state.per === null && PER.indexOf(value) >= 0) {
        state.per = value;
      } else if (name === "sort" && state.sort === null && COLUMNS.indexOf(column) >= 0) {
        state.sort = { column: column, descending: value.charAt(0) === "-" };
      } else {
        ignored.push(item);
      }
    });
    state.per = state.per || "system";
    return { state: state, ignored: ignored };
  }

  // Every value of each filter, as {value: text shown}, in the order the menus list them.
  function filterOptions(rows, data, labels) {
    var seen = {};
    FILTERS.forEach(function (name) { seen[name] = {}; });
    seen.id = {};
    seen.superseded = data.superseded || {};
    rows.forEach(function (row) {
      seen.id[row.result_id] = row.shown_id;
      seen.round[row.round] = row.round;
      row.suites.forEach(function (s) { seen.suite[s] = labels[s] || s; });
      seen.division[row.division] = labels[row.division];
      seen.category[row.category] = labels[row.category];
      seen.model[row.model] = row.model;
      seen.scenario[row.scenario] = row.scenario;
      seen.submitter[row.submitter] = row.submitter;
      row.organizations.forEach(function (o) { seen.organization[o] = o; });
      if (row.family) seen.family[row.family] = familyName(row.family, data, labels);
      seen.accelerator[row.accelerator_key] = row.accelerator_id ? row.accelerator_name
                                                                 : labels.cpu_only;
    });
    return seen;
  }

  // A family's name in the page's language (the dataset file, shared by the languages,
  // holds the English one).
  function familyName(id, data, labels) {
    return labels.families[id] || data.families[id];
  }

  function fillMenus(form, options, data, labels) {
    var fixed = data.order;  // divisions and categories as the vocabulary orders them
    FILTERS.forEach(function (name) {
      var select = form.elements[name], values = Object.keys(options[name]);
      if (fixed[name]) {
        values = fixed[name].filter(function (v) { return v in options[name]; });
      } else if (name === "round") {
        values.sort(function (a, b) { return roundKey(b) - roundKey(a); });
      } else {
        values.sort(function (a, b) {
          return options[name][a].localeCompare(options[name][b]);
        });
      }
      // Accelerators are listed under their family.
      var groups = {};
      values.forEach(function (value) {
        var parent = select;
        if (name === "accelerator" && value !== CPU_ONLY) {  // CPU only: before the families
          var family = (data.accelerators[value] || {}).family;
          var title = family ? familyName(family, data, labels) : labels.all_others;
          if (!groups[title]) {
            groups[title] = document.createElement("optgroup");
            groups[title].label = title;
          }
          parent = groups[title];
        }
        var option = element("option", options[name][value]);
        option.value = value;
        parent.appendChild(option);
      });
      Object.keys(groups).sort(function (a, b) {
        return (a === labels.all_others) - (b === labels.all_others) || a.localeCompare(b);
      }).forEach(function (title) { select.appendChild(groups[title]); });
    });
    var sort = form.elements.sort;
    COLUMNS.forEach(function (column) {
      [false, true].forEach(function (descending) {
        var option = element("option", column === "result"
          ? (descending ? labels.best_first : labels.worst_first)  // each ranking's (sortRows)
          : fill(descending ? labels.descending : labels.ascending, { column: labels[column] }));
        option.value = (descending ? "-" : "") + column;
        sort.appendChild(option);
      });
    });
  }

  // The limits typed that are not accelerator counts (isCount), as {name, value}.
  function invalidLimits(form) {
    return LIMITS.map(function (name) {
      var value = typed(form.elements[name].value);
      return value === "" || isCount(value) ? null : { name: name, value: value };
    }).filter(Boolean);
  }

  // The controls show a view; a view is read back from the controls. The limits named in keep
  // are left as the reader typed them (invalidLimits), for the note that says why they are
  // not applied.
  function showState(form, state, keep) {
    FILTERS.forEach(function (name) {
      var select = form.elements[name], values = state.filters[name] || [];
      var several = select.querySelector("option[data-several]");
      if (several) several.remove();
      if (values.length > 1) {
        several = element("option", values.map(function (v) {
          return select.querySelector("option[value='" + CSS.escape(v) + "']").textContent;
        }).join(", "));
        several.value = SEVERAL;
        several.dataset.several = "";
        select.insertBefore(several, select.options[0].nextSibling);  // after "all"
      }
      setValue(select, values.length > 1 ? SEVERAL : values[0] || "");
    });
    // An ID the reader typed that is no result's stays as typed (readState keeps none).
    if (state.id || canonicalId(form.elements.id.value) !== null) {
      setValue(form.elements.id, state.id || "");
    }
    LIMITS.forEach(function (name) {
      if ((keep || []).indexOf(name) >= 0) return;
      setValue(form.elements[name], state[name] === null ? "" : String(state[name]));
    });
    setValue(form.elements.per, state.per);
    setValue(form.elements.sort, state.sort ? query({ filters: {}, min_accelerators: null,
      max_accelerators: null, id: null, per: "system", sort: state.sort }).replace("?sort=", "") : "");
  }

  // A control's value written only where it differs: a control written is styled and laid out
  // again, and a change alters one or two of the fourteen.
  function setValue(control, value) { if (control.value !== value) control.value = value; }

  function readState(form, previous) {
    var state = { filters: {}, id: canonicalId(form.elements.id.value),
                  min_accelerators: null, max_accelerators: null,
                  per: form.elements.per.value || "system", sort: null };
    FILTERS.forEach(function (name) {
      var value = form.elements[name].value;
      if (value === SEVERAL) state.filters[name] = previous.filters[name];
      else if (value) state.filters[name] = [value];
    });
    LIMITS.forEach(function (name) {
      var value = typed(form.elements[name].value);
      if (isCount(value)) state[name] = Number(value);
    });
    var sort = form.elements.sort.value;
    if (sort) state.sort = { column: sort.replace(/^-/, ""), descending: sort.charAt(0) === "-" };
    return state;
  }

  window.mlperfExplore = { categoryText: categoryText, chinese: chinese, decode: decode, matcher: matcher, measure: measure, pairsOf: pairsOf,
                           sortRows: sortRows, ranking: ranking, parse: parse,
                           query: query,
                           filterOptions: filterOptions, fillMenus: fillMenus,
                           showState: showState, readState: readState,
                           invalidLimits: invalidLimits, MOST_ACCELERATORS: MOST_ACCELERATORS,
                           LIMITS: LIMITS, COLUMNS: COLUMNS, CPU_ONLY: CPU_ONLY,
                           element: element, fill: fill, counted: counted, setText: setText,
                           setContent: setContent, shown: shown, afterPaint: afterPaint,
                           PAGE: PAGE };
})();
