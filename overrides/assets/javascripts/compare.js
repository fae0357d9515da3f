// Comparison of two systems under test (results/compare/). The page holds two empty <select>s
// and the translated labels; the systems' results, with their texts already formatted for the
// page's language, are in one file per round (systems-v6-1.<hash>.json), which this script
// fetches when a system of that round is chosen, once. The first load fetches the index
// alone (systems.<hash>.json: each system's round and file, the written forms of IDs, the
// lists' entries, and the two systems the lists open with; generator/pages/entities.py). This script pairs the two
// systems' results on the benchmarks both ran and formats nothing but the ratios
// (Intl.NumberFormat, CLDR). A system is one result ID, and the choice is kept in the address
// by ID (?a=6.1-0074&b=6.1-0106) so a comparison can be linked; an address of the older form,
// by system name, opens the system now under that name with a note saying so, and a derived ID
// that MLCommons' official IDs superseded opens the system it meant (the index's "superseded",
// so that no round's file is needed to read an address), saying so too. Each of the two
// results of a row has its "Cite" button (cite.js): the words of its citation come from the
// systems' file, the pattern from the page, both written by the build's citation function
// (citations.py). Data reaches the page only as text nodes, never as markup.
(function () {
  "use strict";

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // A translated text with its %(name)s placeholders filled in.
  function fill(pattern, values) {
    return pattern.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  function link(text, href) {
    var a = element("a", text);
    a.href = href;
    return a;
  }

  // A system's label (the data's, with its marks: generator/pages/marks.py marked_label) as
  // [text, isMark] pieces: each "†" after an ID this site derived is a mark, which a heading
  // draws as every page does (<sup title="what it means">), and a list's entry keeps as text
  // (the form's key says what it means).
  function labelPieces(label) {
    return label.split(/(†)/).filter(Boolean).map(function (piece) {
      return [piece, piece === "†"];
    });
  }

  // A result ID (6.1-0106, v4.1-0050), kept on one line as every page keeps it (.keep): a
  // heading breaks between words, never after the ID's hyphen.
  var RESULT_ID = /(v?\d+\.\d+-\d{4,})/;

  // The nodes of a label (labelPieces), "†" as every page marks a derived ID (title: what it
  // means), each result ID in a span kept whole.
  function labelNodes(label, title) {
    var nodes = [];
    labelPieces(label).forEach(function (piece) {
      if (piece[1]) {
        var mark = element("sup", piece[0], "mlperf-derived");
        mark.title = title;
        nodes.push(mark);
        return;
      }
      piece[0].split(RESULT_ID).filter(Boolean).forEach(function (part) {
        nodes.push(RESULT_ID.test(part) ? element("span", part, "keep")
                                        : document.createTextNode(part));
      });
    });
    return nodes;
  }

  // The entries of the two lists, from the index's menu ([round, organization, [[key, label],
  // ...]] per group; generator/pages/entities.py): [{label, entries: [[key, text], ...]}],
  // each entry's text naming its round and organization, as one entry of 752 must read alone
  // once chosen (and as typing in the filter finds it: "oracle 6.1").
  function menuGroups(menu) {
    return menu.map(function (group) {
      var heading = group[0] + " · " + group[1];
      return { label: heading, entries: group[2].map(function (entry) {
        return [entry[0], heading + " · " + entry[1]];
      }) };
    });
  }

  // A list (select) holding the entries of groups (menuGroups), chosen selected.
  function fillList(select, groups, chosen) {
    select.replaceChildren.apply(select, groups.map(function (group) {
      var node = document.createElement("optgroup");
      node.label = group.label;
      group.entries.forEach(function (entry) {
        var option = node.appendChild(element("option", entry[1]));
        option.value = entry[0];
      });
      return node;
    }));
    select.value = chosen;
  }

  // The pairs of results of systems a and b on the benchmarks both ran, in the order of a.
  function pairs(a, b) {
    return Object.keys(a.results).filter(function (key) {
      return Object.prototype.hasOwnProperty.call(b.results, key);
    }).map(function (key) {
      var x = a.results[key], y = b.results[key];
      // Results in different units (MLPerf changed a benchmark's metric between rounds, e.g.
      // Queries/s to Tokens/s) are shown side by side but never divided.
      var comparable = x.units === y.units;
      var ratio = comparable ? y.value / x.value : null;
      var perAccelerator = comparable && x.higher_is_better && x.per_accelerator &&
        y.per_accelerator ? y.per_accelerator / x.per_accelerator : null;
      var better = !comparable ? null : ratio === 1 ? "equal"
        : (ratio > 1) === x.higher_is_better ? "b_better" : "a_better";
      return { key: key, a: x, b: y, ratio: ratio, perAccelerator: perAccelerator,
               better: better };
    });
  }

  // What MLCommons' results guidelines ask a comparison to state, as [label, a, b] triples.
  function differences(a, b, x, y) {
    var out = [];
    if (a.round !== b.round) out.push(["round", a.round, b.round]);
    ["division", "category"].forEach(function (field) {
      if (x[field] !== y[field]) out.push([field, x[field], y[field]]);
    });
    if (x.accelerators !== y.accelerators) {
      out.push(["accelerators", x.accelerators, y.accelerators]);
    }
    if (x.units !== y.units) out.push(["units", x.units_text, y.units_text]);
    return out;
  }

  // The table of systems a and b (entries of a round's file) under keys keyA and keyB (their
  // IDs as MLCommons publishes them, which same_system lists), each result linked in its
  // round's repository, and what MLCommons' inferred mark means in each round (index: the
  // index file's repositories and inferred_notes).
  function render(output, index, labels, a, b, keyA, keyB) {
    function resultUrl(system, result) {
      return index.repositories[system.round] + result.location;
    }
    var locale = document.documentElement.lang || undefined;
    var times = new Intl.NumberFormat(locale, { minimumFractionDigits: 2,
                                                maximumFractionDigits: 2 });
    var count = new Intl.NumberFormat(locale);
    function ratioText(value) { return times.format(value) + "×"; }
    function valueText(field, value) {
      if (value === null || value === undefined) return "—";
      if (field === "accelerators") return count.format(value);
      return labels[value] || String(value);
    }

    // Each result's citation: the words the systems' file gives (those of its system, its own),
    // its figure and its folder's address, in the pattern the page gives (cite.js).
    var cite = labels.cite;
    function citeWords(system, result) {
      return Object.assign({}, system.cite, result.cite,
                           { result: result.text, url: resultUrl(system, result) });
    }
    function citeButton(system, result) {
      var words = citeWords(system, result);
      var button = window.mlperfCite.button(cite.labels, words.id);
      button.addEventListener("click", function () {
        window.mlperfCite.show(button.closest(".mlperf-table"), cite.pattern, cite.labels,
                               words);
      });
      return button;
    }

    output.replaceChildren();
    var rows = pairs(a, b);
    if (!rows.length) {
      output.appendChild(element("p", labels.nothing_shared));
      return;
    }
    if (keyA === keyB) {
      output.appendChild(element("p", fill(labels.same_system, { id: keyA }),
                                 "mlperf-compare__same"));
    }
    else if (a.same_system.indexOf(keyB) >= 0) {
      output.appendChild(element("p", labels.same_system_rounds));
    }
    output.appendChild(element("p", fill(labels.shared, { count: count.format(rows.length) })));

    var region = element("div", null, "mlperf-table mlperf-table--cards");
    region.tabIndex = 0;
    region.setAttribute("role", "region");
    region.setAttribute("aria-label", labels.benchmark);
    var table = element("table");
    var head = table.createTHead().insertRow();
    var columns = [[labels.benchmark], ["A · " + a.label, "num"], ["B · " + b.label, "num"],
                   [labels.ratio, "num"], [labels.ratio_per_accelerator, "num"],
                   [labels.to_note]];
    columns.forEach(function (cell) {
      var th = head.appendChild(element("th", null, cell[1]));
      th.append.apply(th, labelNodes(cell[0], labels.id_derived));
    });
    var body = table.createTBody();
    var download = [], inferred = [];
    rows.forEach(function (row) {
      var tr = body.insertRow();
      var name = tr.insertCell();
      name.appendChild(link(row.a.benchmark, row.a.href));
      name.appendChild(document.createTextNode(" · " + row.a.scenario));

      [[a, row.a], [b, row.b]].forEach(function (side) {
        var result = side[1];
        var cell = tr.insertCell();
        cell.className = "num";
        cell.appendChild(document.createTextNode(result.text));
        // MLCommons' inferred mark after the figure and after the figure per accelerator
        // derived from it, as on the ranked pages; its meaning under the table.
        var note = result.inferred ? index.inferred_notes[side[0].round] : null;
        function inferredMark(node) {
          if (note) node.appendChild(element("sup", "*")).title = note;
        }
        inferredMark(cell);
        if (note && inferred.indexOf(note) < 0) inferred.push(note);
        if (result.per_accelerator_text) {
          cell.appendChild(element("br"));
          inferredMark(cell.appendChild(element("small", result.per_accelerator_text)));
        }
        if (result.preview_text) {
          // A preview's due round, as on every page (generator/pages/marks.py).
          cell.appendChild(element("br"));
          cell.appendChild(element("small", result.preview_text, "mlperf-preview"));
        }
        if (result.open_text) {
          cell.appendChild(element("br"));
          cell.appendChild(element("small", result.open_text, "mlperf-open"));
        }
        cell.appendChild(element("br"));
        cell.appendChild(link(side[0].result_id_published || side[0].result_id,
                              resultUrl(side[0], result)));
        if (side[0].result_id_derived) {
          // As the benchmark pages mark an ID this site derived (templates/benchmark.md.j2).
          cell.appendChild(element("sup", "†", "mlperf-derived")).title = labels.id_derived;
        }
        cell.appendChild(document.createTextNode(" "));
        cell.appendChild(citeButton(side[0], result));
      });

      var ratio = tr.insertCell();
      ratio.className = "num";
      if (row.ratio === null) {
        ratio.appendChild(document.createTextNode("—"));
        ratio.appendChild(element("br"));
        ratio.appendChild(element("small", labels.units_differ));
      } else {
        ratio.appendChild(document.createTextNode(ratioText(row.ratio)));
        ratio.appendChild(element("br"));
        ratio.appendChild(element("small", row.a.higher_is_better ? labels[row.better]
          : fill(labels.lower_is_better, { verdict: labels[row.better] })));
      }

      var perAccelerator = tr.insertCell();
      perAccelerator.className = "num";
      if (row.perAccelerator !== null) {
        perAccelerator.textContent = ratioText(row.perAccelerator);
      } else {
        perAccelerator.appendChild(document.createTextNode("—"));
        if (row.ratio !== null && !row.a.higher_is_better) {
          perAccelerator.appendChild(element("br"));
          perAccelerator.appendChild(element("small", labels.latency));
        }
      }

      var notes = tr.insertCell();
      var found = differences(a, b, row.a, row.b);
      if (!found.length) notes.textContent = labels.none;
      found.forEach(function (difference, index) {
        if (index) notes.appendChild(element("br"));
        notes.appendChild(document.createTextNode(fill(labels.difference, {
          label: labels[difference[0]], a: valueText(difference[0], difference[1]),
          b: valueText(difference[0], difference[2]) })));
      });

      download.push({
        // IDs named as in the whole dataset (data/datapackage.json), as the round's file
        // gives them: canonical, as published (empty when derived), derived or not.
        benchmark: row.key, a_system: a.name, a_round: a.round,
        a_result_id: a.result_id, a_result_id_published: a.result_id_published || "",
        a_result_id_derived: a.result_id_derived,
        a_result: row.a.value, a_units: row.a.units,
        a_result_per_accelerator: row.a.per_accelerator, a_inferred: !!row.a.inferred,
        a_division: row.a.division, a_category: row.a.category,
        a_accelerators: row.a.accelerators, b_system: b.name, b_round: b.round,
        b_result_id: b.result_id, b_result_id_published: b.result_id_published || "",
        b_result_id_derived: b.result_id_derived, b_result: row.b.value, b_units: row.b.units,
        b_result_per_accelerator: row.b.per_accelerator, b_inferred: !!row.b.inferred,
        b_division: row.b.division,
        b_category: row.b.category, b_accelerators: row.b.accelerators,
        higher_is_better: row.a.higher_is_better, ratio: row.ratio,
        ratio_per_accelerator: row.perAccelerator,
        a_result_url: resultUrl(a, row.a), b_result_url: resultUrl(b, row.b),
        a_citation: window.mlperfCite.fill(cite.pattern, citeWords(a, row.a)),
        b_citation: window.mlperfCite.fill(cite.pattern, citeWords(b, row.b))
      });
    });
    // On a phone each row becomes a card; every cell names its column (mlperf.css).
    Array.prototype.forEach.call(body.rows, function (tr) {
      Array.prototype.forEach.call(tr.cells, function (cell, index) {
        // A card's label is drawn by CSS (::before), where no span can keep an ID whole: its
        // hyphen is a non-breaking one (U+2011), as "6.1-"/"0074" broke on a phone.
        cell.dataset.label = columns[index][0].replace(new RegExp(RESULT_ID.source, "g"),
          function (id) { return id.replace("-", "\u2011"); });
      });
    });
    region.appendChild(table);
    output.appendChild(region);
    inferred.forEach(function (note) {
      output.appendChild(element("p", "* " + note, "mlperf-compare__key"));
    });
    output.appendChild(downloads(labels, download));
  }

  // "Data of this table: CSV · JSON", built from exactly the rows shown.
  function downloads(labels, rows) {
    var fields = Object.keys(rows[0]);
    function csvCell(value) {
      var text = value === null || value === undefined ? "" : String(value);
      return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    }
    var csv = [fields.join(",")].concat(rows.map(function (row) {
      return fields.map(function (field) { return csvCell(row[field]); }).join(",");
    })).join("\n") + "\n";
    var json = JSON.stringify(rows, null, 1) + "\n";
    var p = element("p", labels.download + labels.gap);
    [["CSV", csv, "text/csv"], ["JSON", json, "application/json"]].forEach(function (file, i) {
      if (i) p.appendChild(document.createTextNode(" · "));
      var a = link(file[0], URL.createObjectURL(new Blob([file[1]], { type: file[2] })));
      a.download = "comparison." + file[0].toLowerCase();
      p.appendChild(a);
    });
    return p;
  }

  // The field above a list of systems keeps the entries holding every word typed (any case,
  // in any order: "intel b70 6.1"); the chosen entry stays, so that filtering never changes
  // the comparison, which changes only when the reader picks another entry. The count of
  // matching entries is read out (aria-live).
  function filterable(select, input, count, labels) {
    var groups = Array.prototype.map.call(select.querySelectorAll("optgroup"), function (group) {
      return { node: group, options: Array.prototype.slice.call(group.children) };
    });
    var total = select.options.length;
    input.parentNode.hidden = false;
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      // An entry's text with its group's (round and organization), as one lowercase text.
      var matches = function (group, option) {
        var text = (group.node.label + " " + option.textContent).toLowerCase();
        return words.every(function (word) { return text.indexOf(word) >= 0; });
      };
      var found = 0;
      groups.forEach(function (group) {
        group.options.forEach(function (option) { if (matches(group, option)) found++; });
      });
      var all = !words.length || !found;
      groups.forEach(function (group) {
        var shown = group.options.filter(function (option) {
          return all || option.selected || matches(group, option);
        });
        group.node.replaceChildren.apply(group.node, shown);
        if (shown.length && !group.node.parentNode) select.appendChild(group.node);
        if (!shown.length && group.node.parentNode) group.node.remove();
      });
      // Groups back in their first order.
      groups.forEach(function (group) {
        if (group.node.parentNode) select.appendChild(group.node);
      });
      count.textContent = !words.length ? ""
        : !found ? labels.no_match : fill(labels.matches, { count: found, total: total });
    });
  }

  function has(map, key) { return Object.prototype.hasOwnProperty.call(map, key); }

  // The key of the system (the index: data) a written result ID stands for: the key
  // itself, the ID without MLCommons' prefix (4.1-0043 for v4.1-0043), or either with a "v"
  // and the number unpadded (v6.1-0106, 6.1-106); null when it is none of these.
  function systemOf(data, text) {
    if (has(data.systems, text)) return text;
    if (has(data.canonical, text)) return data.canonical[text];
    var id = /^v?(\d+\.\d+)-(\d{1,5})$/i.exec(text);
    if (!id) return null;
    var canonical = id[1] + "-" + ("000" + id[2]).slice(-Math.max(4, id[2].length));
    if (has(data.systems, canonical)) return canonical;
    return has(data.canonical, canonical) ? data.canonical[canonical] : null;
  }

  // The entry of data.superseded (the index) for a written ID that was a derived ID of a
  // round whose official IDs MLCommons has since published, with its canonical text as "id";
  // null for any other text. The index carries it, so that no round's file is needed to read
  // an address.
  function supersededOf(data, text) {
    var id = /^v?(\d+\.\d+)-(\d{1,5})$/i.exec(text);
    if (!id) return null;
    var canonical = id[1] + "-" + ("000" + id[2]).slice(-Math.max(4, id[2].length));
    var old = (data.superseded || {})[canonical];
    return old ? Object.assign({ id: canonical }, old) : null;
  }

  // The round whose file holds what an address of the older form names: a key by name begins
  // with its round and a dot (v6.1.nvidia.…; names.Naming.system_key); null for none.
  function roundOfOldKey(data, text) {
    var rounds = Object.keys(data.shards).filter(function (round) {
      return text.indexOf(round + ".") === 0;
    });
    return rounds.length ? rounds[0] : null;
  }

  // The systems of the index (data) and of the rounds' files, each file fetched once, when a
  // system of its round is first needed; the index's own (the two the lists open with) need
  // none. system(key) and round(name) are promises: of a system, of a round's file.
  function store(data, indexUrl) {
    var files = {};
    function round(name) {
      if (!has(files, name)) {
        files[name] = fetch(new URL(data.shards[name], indexUrl).href)
          .then(function (response) {
            if (!response.ok) throw new Error(response.url + ": " + response.status);
            return response.json();
          });
      }
      return files[name];
    }
    function system(key) {
      if (has(data.opening, key)) return Promise.resolve(data.opening[key]);
      return round(data.systems[key]).then(function (file) { return file.systems[key]; });
    }
    return { round: round, system: system };
  }

  function setUp(form) {
    var labels = JSON.parse(form.dataset.labels);
    var output = form.parentNode.querySelector(".mlperf-compare__output");
    var select = { a: form.elements.a, b: form.elements.b };
    var params = new URLSearchParams(window.location.search);
    var notice = form.parentNode.querySelector(".mlperf-compare__notice");
    var indexUrl = new URL(form.dataset.systems, document.baseURI).href;
    fetch(indexUrl)
      .then(function (response) { return response.json(); })
      .then(function (data) {
        // The lists' entries come with the index (the page holds none: Chromium painted the
        // page before the 1,504 entries of its HTML had come, and it shifted); the filters
        // work on the lists alone.
        var groups = menuGroups(data.menu);
        ["a", "b"].forEach(function (field, i) {
          fillList(select[field], groups, data.chosen[i]);
          filterable(select[field], form.querySelector("#compare-" + field + "-filter"),
                     form.querySelector("#compare-" + field + "-count"), labels);
        });
        var systems = store(data, indexUrl);
        var rounds = Object.keys(data.repositories).join(", ");
        // An address written before MLCommons published a round's official IDs names the
        // system a derived ID meant; "ids=official" (written by update()) reads IDs as
        // official ones.
        var official = params.getAll("ids").indexOf("official") >= 0;

        // What the address asks for one list: {key, note, offer}, or null when it asks
        // nothing. key is null when nothing is found (the list keeps its entry); a note says
        // why the address reads as it does (an old derived ID, a system by its older name,
        // nothing found); an offer is [text, address] of the other reading of an old derived
        // ID, which another system carries now as its official ID.
        function wanted(field) {
          var text = (params.get(field) || "").trim();
          if (!text) return Promise.resolve(null);
          var old = official ? null : supersededOf(data, text);
          if (old) {
            // The index resolves the ID; a round's file gives the systems' labels.
            var meant = old.official ? systemOf(data, old.official) : null;
            var now = old.now ? systemOf(data, old.now) : null;
            return Promise.all([
              systems.system(meant !== null ? meant : select[field].value),
              now === null ? null : systems.system(now)
            ]).then(function (found) {
              var shown = found[0], other = found[1], offer = null;
              if (other) {
                var address = new URLSearchParams(params);
                address.set(field, now);
                address.set("ids", "official");
                offer = [fill(labels.superseded_now, { old: old.id,
                                                       other: other.submitter + " · " +
                                                              other.label }),
                         "?" + address.toString()];
              }
              return { key: meant, offer: offer, note: fill(old.official ? labels.superseded
                : labels.superseded_gone, { field: labels[field], old: old.id,
                  system: old.submitter + " " + old.system_name, round: old.round,
                  official: old.official, shown: shown ? shown.label : "" }) };
            });
          }
          var key = systemOf(data, text);
          if (key !== null) return Promise.resolve({ key: key, note: null, offer: null });
          var round = roundOfOldKey(data, text);
          var renamed = round === null ? Promise.resolve({ renamed: {} }) : systems.round(round);
          return renamed.then(function (file) {
            if (has(file.renamed, text)) {
              var keys = file.renamed[text], label = function (key) {
                return file.systems[key].label;
              };
              return { key: keys[0], offer: null, note: keys.length === 1
                ? fill(labels.renamed, { old: file.systems[keys[0]].name, new: label(keys[0]) })
                : fill(labels.renamed_several, {
                  old: file.systems[keys[0]].name, count: keys.length, new: label(keys[0]),
                  others: keys.slice(1).map(label).join("; ") }) };
            }
            // Say which of the two was not found, whether it reads as a result ID at all,
            // and the forms accepted.
            return systems.system(select[field].value).then(function (shown) {
              return { key: null, offer: null, note: fill(/^v?\d+\.\d+-\d+$/i.test(text)
                ? labels.unknown_id : labels.unknown_system,
                { field: labels[field], key: text, rounds: rounds,
                  shown: shown ? shown.label : "" }) };
            });
          });
        }

        // Each choice draws when both systems are at hand; a choice made while a round's file
        // was on its way wins over the one before it.
        var drawn = 0;
        function update() {
          var url = new URL(window.location.href);
          url.searchParams.set("a", select.a.value);
          url.searchParams.set("b", select.b.value);
          // The keys are official IDs: one whose text was a derived ID is marked so.
          if (supersededOf(data, select.a.value) || supersededOf(data, select.b.value)) {
            url.searchParams.set("ids", "official");
          } else {
            url.searchParams.delete("ids");
          }
          window.history.replaceState(window.history.state, "", url.href);
          var mine = ++drawn, keyA = select.a.value, keyB = select.b.value;
          output.setAttribute("aria-busy", "true");
          return Promise.all([systems.system(keyA), systems.system(keyB)])
            .then(function (pair) {
              if (mine !== drawn) return;
              render(output, data, labels, pair[0], pair[1], keyA, keyB);
              output.removeAttribute("aria-busy");
            });
        }

        // Enter in a filter would send the form and load the page again.
        form.addEventListener("submit", function (event) { event.preventDefault(); });
        form.addEventListener("change", function (event) {
          if (event.target.type === "search") return;  // a filter, not a choice
          notice.hidden = true;
          update().catch(function (error) { console.error("comparison:", error); });
        });
        return Promise.all([wanted("a"), wanted("b")]).then(function (found) {
          var notes = [], offers = [];
          ["a", "b"].forEach(function (field, i) {
            if (!found[i]) return;
            if (found[i].key !== null) select[field].value = found[i].key;
            if (found[i].note) notes.push(found[i].note);
            if (found[i].offer) offers.push(found[i].offer);
          });
          if (notes.length) {
            notice.textContent = notes.join(labels.gap);
            // Both systems offered: the other reading of an ID, as a link (text nodes only);
            // sentences are joined as the language joins them (labels.gap: none in Chinese).
            offers.forEach(function (offer) {
              notice.append(labels.gap + offer[0] + labels.gap,
                            link(labels.superseded_show, offer[1]));
            });
            notice.hidden = false;
          }
          return update();
        });
      })
      .catch(function (error) { console.error("comparison:", error); });
  }

  // The rules of a comparison, for tests/js/compare.test.mjs (Node's test runner).
  window.mlperfCompare = { pairs: pairs, differences: differences, systemOf: systemOf,
                           supersededOf: supersededOf, roundOfOldKey: roundOfOldKey,
                           labelPieces: labelPieces, menuGroups: menuGroups };

  // Material's document$ emits on the first load and after every instant navigation.
  document$.subscribe(function () {
    var form = document.querySelector("form.mlperf-compare");
    if (form) setUp(form);
  });
})();
