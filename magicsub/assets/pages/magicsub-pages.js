// magicsub's steppers and quizzes in the published book (magicsub/pages/statichtml.py), without
// widgets: no dependencies, nothing fetched. Served by the book on every page
// (tools/static_pages.py).
//
// A stepper (div.magicsub-stepper.ms-static) carries its steps as JSON: "f", the distinct HTML
// fragments; "s", each page as a difference from the page before (a number is a fragment, a
// pair [start, count] repeats that many fragments of the previous page). Showing step n puts
// the join of its fragments in the stage. Play, Previous, Next and the "Step" range input move
// it (the range's own keys, and Page Up/Down by 5); an aria-live line says which step shows.
//
// Compact mode (the default when the JSON has "g"): the positions are the groups "g" ([first,
// last] trace steps, 1-based; statichtml.step_groups), each shown by its page "c" (null: its one
// step's page; else a difference from the page after its last step). The "Show every step"
// button (aria-pressed) switches to one position per step, for as long as the page is open.
//
// Addresses: step N (1-based trace steps, the same in both modes) of the stepper with class
// ms-key-KEY is #KEY-N. A step link (a.ms-stepref) and the address select it (in compact mode,
// the group holding N, the folded step marked: li.ms-fold.ms-here); stepping writes the
// address with history.replaceState; "Link to this step" (a.ms-link) writes and copies it.
// "Jump to the step citing" (select.ms-rules) goes to the first step citing a rule.
// Around each change of the stage, the stepper's element gets the bubbling events
// ms:beforestep and ms:step (detail {from, to}: trace steps). A quiz (div.magicsub-quiz.ms-static)
// shows the feedback page (a <template>) of the choice pressed. A stepper moves to trace step
// N when it receives the event ms:goto (detail {step: N}). Steppers side by side
// (div.ms-compare.ms-static, statichtml.Compare) share a "Scenario step" list with
// Previous/Next: its JSON (script.ms-cmp-data) gives, for each stepper key, the trace step
// shown after each scenario step; choosing one sends each stepper ms:goto and says where each
// is in an aria-live line. When every stepper, quiz and comparison is wired, <html> gets
// data-ms-ready="1".
(function () {
  "use strict";
  var PAGE_KEYS = { PageUp: 5, PageDown: -5 };
  var byKey = {};

  function undiff(items, previous) {
    var current = [];
    items.forEach(function (item) {
      if (typeof item === "number") {
        current.push(item);
      } else {
        for (var i = item[0]; i < item[0] + item[1]; i += 1) current.push(previous[i]);
      }
    });
    return current;
  }

  function decode(data) {
    var pages = [];
    var previous = [];
    data.s.forEach(function (items) {
      previous = undiff(items, previous);
      pages.push(previous);
    });
    return pages;
  }

  function fire(box, name, detail) {
    var event;
    if (typeof window.CustomEvent === "function") {
      event = new CustomEvent(name, { bubbles: true, detail: detail });
    } else {
      event = document.createEvent("CustomEvent");
      event.initCustomEvent(name, true, false, detail);
    }
    box.dispatchEvent(event);
  }

  function wireStepper(box) {
    var source = box.querySelector("script.ms-data");
    var stage = box.querySelector(".ms-stage");
    var range = box.querySelector("input.ms-range");
    var readout = box.querySelector(".ms-readout");
    var live = box.querySelector(".ms-live");
    var play = box.querySelector("button.ms-play");
    var prev = box.querySelector("button.ms-prev");
    var next = box.querySelector("button.ms-next");
    var every = box.querySelector("button.ms-all");
    var rules = box.querySelector("select.ms-rules");
    var link = box.querySelector("a.ms-link");
    if (!source || !stage || !range || !play || !prev || !next) return;
    var steps = parseInt(box.getAttribute("data-steps"), 10);
    if (isNaN(steps)) steps = parseInt(range.max, 10) || 0;
    var interval = parseInt(box.getAttribute("data-interval"), 10) || 1500;
    var keyClass = Array.prototype.filter.call(box.classList, function (c) {
      return c.indexOf("ms-key-") === 0;
    })[0];
    var key = keyClass ? keyClass.slice(7) : null;
    var data = null;
    var pages = null;
    var groupPages = [];
    var compact = !!every;
    var at = 0;
    var shownId = "a0";
    var timer = null;

    function load() {
      if (pages) return;
      data = JSON.parse(source.textContent);
      pages = decode(data);
      if (!data.g) compact = false;
    }
    function groups() {
      load();
      return data.g || [];
    }
    function groupOf(step) {
      var g = groups();
      var lo = 0;
      var hi = g.length - 1;
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (g[mid][0] <= step) lo = mid; else hi = mid - 1;
      }
      return lo;
    }
    function count() { return compact ? groups().length : steps; }
    function position(step) { return compact && step > 0 ? groupOf(step) + 1 : step; }
    function stepAt(pos) {
      pos = Math.max(0, Math.min(count(), pos));
      return compact && pos > 0 ? groups()[pos - 1][0] : pos;
    }
    function join(parts) {
      var out = new Array(parts.length);
      for (var i = 0; i < parts.length; i += 1) out[i] = data.f[parts[i]];
      return out.join("");
    }
    function pageFor(step) {
      if (!compact || step === 0) return { id: "a" + step, html: function () { return join(pages[step]); } };
      var g = groupOf(step);
      var span = groups()[g];
      var items = data.c[g];
      if (items === null || items === undefined) {
        return { id: "a" + span[0], html: function () { return join(pages[span[0]]); } };
      }
      return {
        id: "c" + g,
        html: function () {
          if (!groupPages[g]) groupPages[g] = undiff(items, pages[span[1]]);
          return join(groupPages[g]);
        }
      };
    }
    function address(step) { return "#" + key + "-" + step; }

    function describe(step) {
      if (step === 0) return "Before the first step";
      var shown = stage.querySelector(".magicsub-step");
      var rule = shown ? shown.getAttribute("data-rule") : "";
      if (!compact) {
        return (shown && shown.getAttribute("aria-label")) || "Step " + step + " of " + steps;
      }
      var g = groupOf(step);
      var span = groups()[g];
      var where = "position " + (g + 1) + " of " + count();
      var text = span[0] === span[1]
        ? "Step " + span[0] + " of " + steps + " (" + where + "): rule " + rule
        : "Steps " + span[0] + " to " + span[1] + " of " + steps + " (" + where + "): rule " +
          rule + ", then " + (span[1] - span[0]) + " folded step" +
          (span[1] - span[0] === 1 ? "" : "s");
      if (step !== span[0]) text += "; step " + step + " is folded in here";
      return text;
    }

    function show(step, how) {
      load();
      how = how || {};
      step = Math.max(0, Math.min(steps, step));
      var page = pageFor(step);
      var from = at;
      var changed = page.id !== shownId;
      if (changed) {
        fire(box, "ms:beforestep", { from: from, to: step });
        stage.innerHTML = page.html();
        shownId = page.id;
      }
      at = step;
      Array.prototype.forEach.call(stage.querySelectorAll("li.ms-fold"), function (item) {
        var here = compact && step >= parseInt(item.getAttribute("data-first"), 10) &&
          step <= parseInt(item.getAttribute("data-last"), 10);
        item.classList.toggle("ms-here", here);
        if (here) item.setAttribute("aria-current", "step");
        else item.removeAttribute("aria-current");
      });
      var pos = position(step);
      var total = count();
      if (String(range.max) !== String(total)) range.max = total;
      if (String(range.value) !== String(pos)) range.value = pos;
      var label = describe(step);
      range.setAttribute("aria-valuetext", step === 0 ? "Before the first step"
        : compact ? "Position " + pos + " of " + total + ", step " + step + " of " + steps
          : "Step " + step + " of " + steps);
      if (readout) readout.textContent = pos + " / " + total;
      box.setAttribute("data-ms-at", String(step));
      if (link && key) link.setAttribute("href", address(step));
      if (how.address && key) history.replaceState(history.state, "", address(step));
      if (changed) fire(box, "ms:step", { from: from, to: step });
      if (how.announce && live) live.textContent = label;
      if (pos >= total) stop();
    }
    function move(pos) { show(stepAt(pos), { announce: true, address: true }); }

    function setPlaying(on) {
      var words = on ? "Pause" : "Play";
      play.setAttribute("aria-label", words);
      play.classList.toggle("ms-playing", on);
      play.innerHTML = on ? '<span aria-hidden="true">❚❚</span> Pause'
        : '<span aria-hidden="true">▶</span> Play';
    }
    function stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
      setPlaying(false);
    }
    function start() {
      if (position(at) >= count()) move(0);
      setPlaying(true);
      timer = setInterval(function () { move(position(at) + 1); }, interval);
      move(position(at) + 1);
    }

    play.addEventListener("click", function () { if (timer === null) start(); else stop(); });
    prev.addEventListener("click", function () { stop(); move(position(at) - 1); });
    next.addEventListener("click", function () { stop(); move(position(at) + 1); });
    range.addEventListener("input", function () {
      stop();
      move(parseInt(range.value, 10));
    });
    range.addEventListener("keydown", function (event) {
      var jump = PAGE_KEYS[event.key];
      if (!jump) return;
      event.preventDefault();
      stop();
      move(position(at) + jump);
    });
    if (every) {
      every.addEventListener("click", function () {
        stop();
        load();
        compact = !compact && !!data.g;
        every.setAttribute("aria-pressed", compact ? "false" : "true");
        show(at, { address: true });
        if (live) {
          live.textContent = (compact ? "Compact: " + count() + " positions for " + steps +
            " steps. " : "Showing every step: " + steps + " steps. ") + describe(at);
        }
      });
    }
    if (rules) {
      rules.addEventListener("change", function () {
        var wanted = parseInt(rules.value, 10);
        if (isNaN(wanted)) return;
        stop();
        show(wanted, { announce: true, address: true });
      });
    }
    if (link && key) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var url = window.location.href.split("#")[0] + address(at);
        history.replaceState(history.state, "", address(at));
        var say = function (text) { if (live) live.textContent = text; };
        say("Link to this step: " + url);
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(function () {
            say("Link to this step copied: " + url);
          }, function () { /* no clipboard access: the address bar shows the link */ });
        }
      });
    }
    [play, prev, next, range, every, rules].forEach(function (control) {
      if (control) control.disabled = false;
    });
    range.value = 0;
    box.setAttribute("data-ms-at", "0");
    box.addEventListener("ms:goto", function (event) {
      if (event.target !== box || !event.detail) return;
      stop();
      show(event.detail.step, {});
    });
    if (key) {
      byKey[key] = function (n) {
        stop();
        show(n, { announce: true });
        box.scrollIntoView({ block: "start" });
      };
    }
  }

  function wireQuiz(box) {
    var area = box.querySelector(".ms-feedback");
    var buttons = box.querySelectorAll("button.ms-choice");
    if (!area) return;
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener("click", function () {
        var choice = button.getAttribute("data-choice");
        var page = box.querySelector('template.ms-page[data-choice="' + choice + '"]');
        if (!page) return;
        Array.prototype.forEach.call(buttons, function (other) {
          var chosen = other === button;
          other.setAttribute("aria-pressed", chosen ? "true" : "false");
          other.classList.toggle("ms-chosen", chosen);
        });
        area.textContent = "";
        area.appendChild(page.content.cloneNode(true));
      });
      button.disabled = false;
    });
  }

  function wireCompare(box) {
    var source = box.querySelector("script.ms-cmp-data");
    var select = box.querySelector("select.ms-cmp-step");
    var prev = box.querySelector("button.ms-cmp-prev");
    var next = box.querySelector("button.ms-cmp-next");
    var live = box.querySelector(".ms-cmp-live");
    if (!source || !select || !prev || !next) return;
    var data = JSON.parse(source.textContent);
    var last = select.options.length - 1;
    function go(pos) {
      pos = Math.max(0, Math.min(last, pos));
      select.value = String(pos);
      var said = [];
      data.keys.forEach(function (key, i) {
        var stepper = box.querySelector(".magicsub-stepper.ms-key-" + key);
        var step = data.marks[i][pos];
        if (stepper) fire(stepper, "ms:goto", { step: step });
        said.push(data.labels[i] + ": step " + step);
      });
      box.setAttribute("data-ms-scenario-step", String(pos));
      if (live) live.textContent = select.options[pos].text + ". " + said.join("; ") + ".";
    }
    select.addEventListener("change", function () { go(parseInt(select.value, 10) || 0); });
    prev.addEventListener("click", function () { go(parseInt(select.value, 10) - 1); });
    next.addEventListener("click", function () { go(parseInt(select.value, 10) + 1); });
    [select, prev, next].forEach(function (control) { control.disabled = false; });
    box.setAttribute("data-ms-scenario-step", "0");
  }

  function stepFrom(text) {
    var m = /#([A-Za-z_][A-Za-z0-9_]*)-([0-9]+)$/.exec(text || "");
    return m && byKey[m[1]] ? { key: m[1], step: parseInt(m[2], 10) } : null;
  }

  function fromAddress() {
    var wanted = stepFrom(window.location.hash);
    if (wanted) byKey[wanted.key](wanted.step);
  }

  function wire() {
    Array.prototype.forEach.call(
      document.querySelectorAll(".magicsub-stepper.ms-static"), wireStepper);
    Array.prototype.forEach.call(document.querySelectorAll(".magicsub-quiz.ms-static"), wireQuiz);
    Array.prototype.forEach.call(document.querySelectorAll(".ms-compare.ms-static"), wireCompare);
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.ms-stepref");
      var wanted = link && stepFrom(link.getAttribute("href"));
      if (!wanted) return;
      event.preventDefault();
      history.replaceState(null, "", "#" + wanted.key + "-" + wanted.step);
      byKey[wanted.key](wanted.step);
    });
    window.addEventListener("hashchange", fromAddress);
    fromAddress();
    document.documentElement.setAttribute("data-ms-ready", "1");
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
