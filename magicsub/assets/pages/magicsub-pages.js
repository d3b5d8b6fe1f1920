// magicsub's steppers and quizzes in the published book (magicsub/pagehtml.py), without
// widgets: no dependencies, nothing fetched. Served by the book on every page
// (tools/static_pages.py).
//
// A stepper (div.magicsub-stepper.ms-static) carries its steps as JSON: "f", the distinct HTML
// fragments; "s", each page as a difference from the page before (a number is a fragment, a
// pair [start, count] repeats that many fragments of the previous page). Showing step n puts
// the join of its fragments in the stage. Play, Previous, Next and the "Step" range input move
// it (the range's own keys, and Page Up/Down by 5); an aria-live line says which step shows.
// A step link (a.ms-stepref, href "#KEY-N") and the address #KEY-N move only the stepper with
// class ms-key-KEY. A quiz (div.magicsub-quiz.ms-static) shows the feedback page (a
// <template>) of the choice pressed. When every stepper and quiz is wired, <html> gets
// data-ms-ready="1".
(function () {
  "use strict";
  var PAGE_KEYS = { PageUp: 5, PageDown: -5 };
  var byKey = {};

  function decode(data) {
    var pages = [];
    var previous = [];
    data.s.forEach(function (items) {
      var current = [];
      items.forEach(function (item) {
        if (typeof item === "number") {
          current.push(item);
        } else {
          for (var i = item[0]; i < item[0] + item[1]; i += 1) current.push(previous[i]);
        }
      });
      pages.push(current);
      previous = current;
    });
    return pages;
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
    if (!source || !stage || !range || !play || !prev || !next) return;
    var max = parseInt(range.max, 10) || 0;
    var interval = parseInt(box.getAttribute("data-interval"), 10) || 1500;
    var data = null;
    var pages = null;
    var current = 0;
    var timer = null;

    function html(n) {
      if (!pages) {
        data = JSON.parse(source.textContent);
        pages = decode(data);
      }
      var parts = pages[n];
      var out = new Array(parts.length);
      for (var i = 0; i < parts.length; i += 1) out[i] = data.f[parts[i]];
      return out.join("");
    }

    function show(n, announce) {
      n = Math.max(0, Math.min(max, n));
      if (n !== current) {
        stage.innerHTML = html(n);
        current = n;
      }
      if (String(range.value) !== String(n)) range.value = n;
      var label = n === 0 ? "Before the first step" : "Step " + n + " of " + max;
      range.setAttribute("aria-valuetext", label);
      if (readout) readout.textContent = n + " / " + max;
      if (announce && live) {
        var step = stage.querySelector(".magicsub-step");
        live.textContent = (step && step.getAttribute("aria-label")) || label;
      }
      if (n >= max) stop();
    }

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
      if (current >= max) show(0, true);
      setPlaying(true);
      timer = setInterval(function () { show(current + 1, true); }, interval);
      show(current + 1, true);
    }

    play.addEventListener("click", function () { if (timer === null) start(); else stop(); });
    prev.addEventListener("click", function () { stop(); show(current - 1, true); });
    next.addEventListener("click", function () { stop(); show(current + 1, true); });
    range.addEventListener("input", function () {
      stop();
      show(parseInt(range.value, 10), true);
    });
    range.addEventListener("keydown", function (event) {
      var jump = PAGE_KEYS[event.key];
      if (!jump) return;
      event.preventDefault();
      stop();
      show(current + jump, true);
    });
    [play, prev, next, range].forEach(function (control) { control.disabled = false; });
    range.value = 0;
    var key = Array.prototype.filter.call(box.classList, function (c) {
      return c.indexOf("ms-key-") === 0;
    })[0];
    if (key) {
      byKey[key.slice(7)] = function (n) {
        stop();
        show(n, true);
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
