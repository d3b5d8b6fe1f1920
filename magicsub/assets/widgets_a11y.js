// Accessible names and step buttons for ipywidgets controls rendered by
// @jupyter-widgets/html-manager, in `magicsub html` pages (the published book shows static
// steppers and quizzes instead: assets/pages/magicsub-pages.js).
//
// ipywidgets 8 leaves the slider handle (role="slider") and the Play widget's icon-only buttons
// without an accessible name (axe: aria-input-field-name, button-name). This script names them
// once they are rendered, and keeps the Play button's name right when it turns into Pause: a
// slider handle gets "<description> — <walkthrough title>" (the title is the `.ms-title` text of
// the enclosing magicsub Stepper, when there is one); a Play button gets "Play", "Pause", "Stop"
// or "Repeat" and the walkthrough title; a ToggleButtons group becomes a named group.
//
// A Stepper's "Previous step" / "Next step" buttons (`.ms-prev`, `.ms-next`) move its slider
// with a kernel's help in JupyterLab; in a static page there is no kernel, so this script moves
// the slider itself by sending it the arrow key a keyboard user would press. Nothing is fetched.
(function () {
  "use strict";
  var ICONS = { "fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop",
                "fa-retweet": "Repeat", "fa-repeat": "Repeat" };
  var counter = 0;

  function titleOf(el) {
    var box = el.closest(".magicsub-stepper");
    var title = box && box.querySelector(".ms-title");
    return title ? title.textContent.trim() : "";
  }

  function nameSliders(root) {
    root.querySelectorAll(".widget-slider").forEach(function (slider) {
      var label = slider.querySelector(".widget-label");
      var words = (label && label.textContent.trim()) || "Value";
      var title = titleOf(slider);
      var name = title ? words + " — " + title : words;
      slider.querySelectorAll('[role="slider"]').forEach(function (handle) {
        if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
      });
    });
  }

  function namePlayButtons(root) {
    root.querySelectorAll(".widget-play button").forEach(function (button) {
      var icon = button.querySelector("i, svg");
      var classes = icon ? icon.getAttribute("class") || "" : "";
      var words = "";
      Object.keys(ICONS).forEach(function (cls) {
        if (classes.indexOf(cls) !== -1) words = ICONS[cls];
      });
      if (!words) return;
      var title = titleOf(button);
      var name = title ? words + " — " + title : words;
      // Set only what differs: every write would be observed again.
      if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
      if (button.getAttribute("title") !== words) button.setAttribute("title", words);
    });
  }

  function nameGroups(root) {
    root.querySelectorAll(".widget-toggle-buttons").forEach(function (widget) {
      var group = widget.querySelector(":scope > div");
      if (!group || group.hasAttribute("role")) return;
      group.setAttribute("role", "group");
      var label = widget.querySelector(":scope > .widget-label");
      if (label && label.textContent.trim()) {
        if (!label.id) { counter += 1; label.id = "ms-widget-label-" + counter; }
        group.setAttribute("aria-labelledby", label.id);
      }
    });
    // Description labels carry title="null" when a widget has no tooltip.
    root.querySelectorAll('.widget-label[title="null"]').forEach(function (label) {
      label.removeAttribute("title");
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".ms-prev, .ms-next");
    var box = button && button.closest(".magicsub-stepper");
    var handle = box && box.querySelector('.widget-slider [role="slider"]');
    if (!handle) return;
    var key = button.classList.contains("ms-next") ? "ArrowRight" : "ArrowLeft";
    handle.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true }));
  });

  // Step links ("step 14" in the prose, magicsub.book.step_link) and addresses: #KEY-N moves
  // the stepper with class ms-key-KEY to step N, by the slider's keys as above. One key at a
  // time: the stepper's Stack renders only the page shown, asynchronously, and a burst of
  // changes makes it dispose of a page view that a queued message still addresses (a TypeError
  // in html-manager). So each press waits until the page of the previous one has been shown
  // for three frames (Lumino delivers its messages once a frame); Page Up/Down move 5 steps.
  var wanted = null;
  var moving = 0;
  var FRAME = window.requestAnimationFrame || function (f) { return setTimeout(f, 16); };
  function settled(box, value) {
    var pages = box.querySelectorAll(".magicsub-step");
    var want = value === 0 ? "start" : String(value - 1);
    return pages.length === 1 && pages[0].getAttribute("data-step") === want;
  }
  function moveTo(key, step) {
    var box = document.querySelector(".magicsub-stepper.ms-key-" + key);
    var handle = box && box.querySelector('.widget-slider [role="slider"]');
    if (!handle || isNaN(parseInt(handle.getAttribute("aria-valuenow"), 10))) return false;
    var max = parseInt(handle.getAttribute("aria-valuemax"), 10);
    if (!isNaN(max)) step = Math.min(step, max);
    var token = moving += 1;
    var frames = 0;
    var calm = 0;
    box.scrollIntoView({ block: "start" });
    (function tick() {
      if (token !== moving || (frames += 1) > 1200) return;
      var now = parseInt(handle.getAttribute("aria-valuenow"), 10);
      calm = settled(box, now) ? calm + 1 : 0;
      if (calm && now === step) return;
      if (calm > 2) {
        calm = 0;
        var gap = step - now;
        var keyName = Math.abs(gap) >= 5 ? (gap > 0 ? "PageUp" : "PageDown")
          : (gap > 0 ? "ArrowRight" : "ArrowLeft");
        handle.dispatchEvent(new KeyboardEvent("keydown", { key: keyName, bubbles: true }));
      }
      FRAME(tick);
    })();
    return true;
  }
  function fromHash() {
    var m = /^#([A-Za-z_][A-Za-z0-9_]*)-([0-9]+)$/.exec(window.location.hash);
    wanted = m ? { key: m[1], step: parseInt(m[2], 10) } : null;
    if (wanted && moveTo(wanted.key, wanted.step)) wanted = null;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.ms-stepref");
    var m = link && /#([A-Za-z_][A-Za-z0-9_]*)-([0-9]+)$/.exec(link.getAttribute("href"));
    if (!m) return;
    var key = m[1];
    var step = parseInt(m[2], 10);
    if (moveTo(key, step)) {
      event.preventDefault();
      history.replaceState(null, "", "#" + key + "-" + step);
    }
  });
  window.addEventListener("hashchange", fromHash);

  var pending = false;
  function update() {
    pending = false;
    if (wanted && moveTo(wanted.key, wanted.step)) wanted = null;
    nameSliders(document);
    namePlayButtons(document);
    nameGroups(document);
  }
  function schedule() {
    if (!pending) {
      pending = true;
      (window.queueMicrotask || setTimeout)(update);
    }
  }
  function start() {
    fromHash();
    update();
    new MutationObserver(schedule).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["class"],
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
