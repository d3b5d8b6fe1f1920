// How magicsub's static steppers and quizzes (magicsub-pages.js) look on any screen and on
// paper. Served by the book on every page beside magicsub-pages.js (tools/static_pages.py); no
// dependencies, nothing fetched. Each part does nothing where what it needs is absent.
//
// - Moves: a stepper dispatches "ms:beforestep" before its stage changes and "ms:step" after.
//   Before, the boxes of the stage's objects ([data-obj]) are read; after, every object that
//   changed place (game, zone or player panel) slides from its old box to its new one (FLIP,
//   Web Animations, 300 ms) and the marks of the places cards left (li.ms-gone) pulse once. Nothing moves when the reader
//   asks for reduced motion (asked at each step).
// - Projector mode: at 1800 px and wider, <html> has class ms-projector (the article uses the
//   width, the board has larger text: magicsub-pages.css); a "Projector mode" toggle in each
//   stepper's controls turns it off and on (remembered in localStorage "ms-projector").
// - "Back to top": the theme's button (bottom left, book/_theme/theme_screens.css) hides
//   while a stepper is in the bottom band of the window, where it sits (html.ms-btt-away).
// - Print: the scenario files (details.ms-yaml) open for printing and close again after;
//   a print-only "Answers" section at the end of the article gives each quiz's answer, read
//   from its feedback pages (the page marked data-verdict="correct", or every "disputed"
//   reading when judges differ).
(function () {
  "use strict";
  var MOVE_MS = 300;
  var PULSE_MS = 900;
  var WIDE = "(min-width: 1800px)";
  var STORE = "ms-projector";
  var BUTTON_BAND = "88%";
  var before = typeof WeakMap === "function" ? new WeakMap() : null;

  function reduced() {
    return !window.matchMedia || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function stageOf(event) {
    var box = event.target;
    return box && box.querySelector ? box.querySelector(".ms-stage") : null;
  }

  function place(el) {
    var seat = el.closest("[data-player]");
    return [el.getAttribute("data-game"), el.getAttribute("data-zone"),
      seat ? seat.getAttribute("data-player") : ""].join("|");
  }

  function boxes(stage) {
    var out = {};
    var twice = {};
    var objects = stage.querySelectorAll("[data-obj]");
    for (var i = 0; i < objects.length; i += 1) {
      var el = objects[i];
      var id = el.getAttribute("data-obj");
      if (id in out) twice[id] = true;
      out[id] = { el: el, place: place(el), rect: el.getBoundingClientRect() };
    }
    for (var shown in twice) delete out[shown];
    return out;
  }

  function beforeStep(event) {
    var stage = stageOf(event);
    if (!stage || !before || reduced()) return;
    before.set(stage, boxes(stage));
  }

  function afterStep(event) {
    var stage = stageOf(event);
    var old = stage && before ? before.get(stage) : null;
    if (!stage || !old) return;
    before.delete(stage);
    if (reduced() || typeof Element.prototype.animate !== "function") return;
    // One read pass (the new boxes), then one write pass (the animations).
    var now = boxes(stage);
    var moves = [];
    for (var id in now) {
      var was = now[id] && old[id];
      if (!was || was.place === now[id].place) continue;
      var dx = was.rect.left - now[id].rect.left;
      var dy = was.rect.top - now[id].rect.top;
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) moves.push([now[id].el, dx, dy]);
    }
    var ghosts = stage.querySelectorAll("li.ms-gone");
    moves.forEach(function (move) {
      move[0].animate([
        { transform: "translate(" + move[1] + "px, " + move[2] + "px)" },
        { transform: "none" }
      ], { duration: MOVE_MS, easing: "ease-out" });
    });
    for (var i = 0; i < ghosts.length; i += 1) {
      ghosts[i].animate([{ opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }],
        { duration: PULSE_MS, easing: "ease-in-out" });
    }
  }

  function projectorWanted() {
    var stored = null;
    try { stored = window.localStorage.getItem(STORE); } catch (e) { stored = null; }
    return stored !== "off";
  }

  function setProjector() {
    var wide = !!window.matchMedia && window.matchMedia(WIDE).matches;
    var on = wide && projectorWanted();
    document.documentElement.classList.toggle("ms-projector", on);
    var toggles = document.querySelectorAll("button.ms-projector-toggle");
    for (var i = 0; i < toggles.length; i += 1) {
      toggles[i].setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function addToggles(steppers) {
    for (var i = 0; i < steppers.length; i += 1) {
      var controls = steppers[i].querySelector(".ms-controls");
      if (!controls || controls.querySelector("button.ms-projector-toggle")) continue;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ms-projector-toggle";
      button.textContent = "Projector mode";
      button.addEventListener("click", function () {
        var on = document.documentElement.classList.contains("ms-projector");
        try { window.localStorage.setItem(STORE, on ? "off" : "on"); } catch (e) { /* none */ }
        setProjector();
      });
      controls.appendChild(button);
    }
    if (window.matchMedia) {
      var query = window.matchMedia(WIDE);
      if (query.addEventListener) query.addEventListener("change", setProjector);
    }
    setProjector();
  }

  function keepBackToTopAway(steppers) {
    if (typeof IntersectionObserver !== "function") return;
    var under = new Set();
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) under.add(entry.target); else under.delete(entry.target);
      });
      document.documentElement.classList.toggle("ms-btt-away", under.size > 0);
    }, { rootMargin: "-" + BUTTON_BAND + " 0px 0px 0px" });
    for (var i = 0; i < steppers.length; i += 1) observer.observe(steppers[i]);
  }

  var opened = [];
  function openForPrint() {
    var folded = document.querySelectorAll(".magicsub-stepper details.ms-yaml:not([open])");
    for (var i = 0; i < folded.length; i += 1) {
      folded[i].open = true;
      opened.push(folded[i]);
    }
  }
  function closeAfterPrint() {
    opened.forEach(function (details) { details.open = false; });
    opened = [];
  }

  function quizAnswer(quiz) {
    var pages = quiz.querySelectorAll("template.ms-page");
    var right = [];
    var disputed = [];
    for (var i = 0; i < pages.length; i += 1) {
      var content = pages[i].content;
      if (!content) continue;
      if (content.querySelector('[data-verdict="correct"]')) right.push(pages[i]);
      else if (content.querySelector('[data-verdict="disputed"]')) disputed.push(pages[i]);
    }
    return right.length ? right : disputed;
  }

  function choiceText(quiz, template) {
    var choice = template.getAttribute("data-choice");
    var button = quiz.querySelector('button.ms-choice[data-choice="' + choice + '"]');
    return button ? button.textContent.trim() : "";
  }

  function buildAnswers(quizzes) {
    if (!quizzes.length || document.querySelector("section.ms-print-answers")) return;
    var section = document.createElement("section");
    section.className = "ms-print-answers";
    section.hidden = true;
    var heading = document.createElement("h2");
    heading.textContent = "Answers";
    var list = document.createElement("ol");
    section.appendChild(heading);
    section.appendChild(list);
    for (var i = 0; i < quizzes.length; i += 1) {
      var quiz = quizzes[i];
      var item = document.createElement("li");
      var question = quiz.querySelector(".ms-head .ms-t");
      var asked = document.createElement("p");
      asked.className = "ms-print-question";
      asked.textContent = question ? question.textContent : "";
      item.appendChild(asked);
      quizAnswer(quiz).forEach(function (template) {
        var answer = document.createElement("p");
        answer.className = "ms-print-answer";
        answer.textContent = "Answer: " + choiceText(quiz, template);
        item.appendChild(answer);
        var feedback = template.content.cloneNode(true);
        var live = feedback.querySelectorAll("[role]");
        for (var k = 0; k < live.length; k += 1) live[k].removeAttribute("role");
        item.appendChild(feedback);
      });
      list.appendChild(item);
      var note = document.createElement("p");
      note.className = "ms-print-note";
      note.hidden = true;
      note.textContent = "Answer: see “Answers” at the end, number " + (i + 1) + ".";
      quiz.appendChild(note);
    }
    var article = document.querySelector(".bd-article") || document.querySelector("main") ||
      document.body;
    article.appendChild(section);
  }

  function wire() {
    document.addEventListener("ms:beforestep", beforeStep);
    document.addEventListener("ms:step", afterStep);
    var steppers = document.querySelectorAll(".magicsub-stepper.ms-static");
    if (steppers.length) {
      addToggles(steppers);
      keepBackToTopAway(steppers);
      document.documentElement.classList.add("ms-has-stepper");
    }
    buildAnswers(document.querySelectorAll(".magicsub-quiz.ms-static"));
    window.addEventListener("beforeprint", openForPrint);
    window.addEventListener("afterprint", closeAfterPrint);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
