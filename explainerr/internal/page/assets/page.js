(function () {
  "use strict";
  function flash(button, text) {
    var label = button.textContent;
    button.textContent = text;
    setTimeout(function () { button.textContent = label; }, 1400);
  }
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }
  function copy(text, button) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { flash(button, "Copied"); },
        function () { flash(button, fallbackCopy(text) ? "Copied" : "Copy failed"); });
      return;
    }
    flash(button, fallbackCopy(text) ? "Copied" : "Copy failed");
  }
  function textOf(id) {
    var el = document.getElementById(id);
    if (!el) { return ""; }
    return el.value !== undefined ? el.value : el.textContent;
  }
  function once(el) {
    if (el.dataset.ready) { return false; }
    el.dataset.ready = "1";
    return true;
  }
  function setup() {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      if (!once(button)) { return; }
      button.hidden = false;
      button.addEventListener("click", function () { copy(textOf(button.dataset.copy), button); });
    });
    document.querySelectorAll("[data-copy-report]").forEach(function (button) {
      if (!once(button)) { return; }
      button.hidden = false;
      button.addEventListener("click", function () {
        var text = textOf("md-report");
        var explanation = textOf("md-explanation");
        if (explanation) { text = text.replace(/\s*$/, "\n\n") + explanation; }
        copy(text, button);
      });
    });
    document.querySelectorAll(".md pre").forEach(function (pre) {
      if (!once(pre)) { return; }
      var wrap = document.createElement("div");
      wrap.className = "codeblock";
      pre.parentNode.insertBefore(wrap, pre);
      wrap.appendChild(pre);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn copy";
      button.textContent = "Copy";
      button.addEventListener("click", function () { copy(pre.textContent, button); });
      wrap.insertBefore(button, pre);
    });
  }
  setup();
  document.addEventListener("DOMContentLoaded", function () {
    var stream = document.querySelector(".stream");
    if (stream && document.querySelector(".final")) { stream.remove(); }
    setup();
  });
})();
