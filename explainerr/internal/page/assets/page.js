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
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  }
  function askFailed(item, text) {
    var box = el("div", "ex-error", text);
    box.setAttribute("role", "alert");
    item.appendChild(box);
  }
  function errorOf(res) {
    return res.text().then(function (body) {
      var message = "";
      try { message = JSON.parse(body).error || ""; } catch (e) { message = ""; }
      return message || "the server answered " + res.status + " " + res.statusText;
    });
  }
  function ask(form) {
    var area = form.querySelector("textarea");
    var button = form.querySelector("button[type=submit]");
    var question = area.value.trim();
    var list = form.parentNode.querySelector(".followups");
    if (!question || button.disabled || !list) { return; }
    var item = el("div", "qa");
    var head = el("p", "q");
    head.appendChild(el("span", "muted", "You asked"));
    head.appendChild(document.createTextNode(" " + question));
    var pending = el("p", "pending");
    pending.appendChild(el("span", "pulse"));
    pending.appendChild(document.createTextNode("asking…"));
    var live = el("div", "stream-text");
    item.appendChild(head);
    item.appendChild(pending);
    item.appendChild(live);
    list.appendChild(item);
    button.disabled = true;
    var finished = false;
    function end(message) {
      finished = true;
      pending.remove();
      button.disabled = false;
      if (message) { askFailed(item, message); } else { area.value = ""; }
    }
    function handle(line) {
      var event;
      try { event = JSON.parse(line); } catch (e) { return; }
      if (event.delta) { live.textContent += event.delta; }
      if (!event.done) { return; }
      var holder = document.createElement("div");
      holder.innerHTML = event.html || "";
      var answered = holder.querySelector(".qa");
      if (answered) { item.replaceWith(answered); item = answered; }
      end("");
      setup();
    }
    fetch(form.dataset.ask, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/x-ndjson" },
      body: JSON.stringify({ question: question })
    }).then(function (res) {
      if (!res.ok) {
        var lead = res.status === 429 || res.status >= 500 ? "The model could not answer: " : "The question was not taken: ";
        return errorOf(res).then(function (message) { end(lead + message); });
      }
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) {
            buffer += decoder.decode();
            if (buffer.trim()) { handle(buffer); }
            if (!finished) { end("The answer was cut off: the connection to the server ended before the answer was complete."); }
            return;
          }
          buffer += decoder.decode(chunk.value, { stream: true });
          var lines = buffer.split("\n");
          buffer = lines.pop();
          lines.forEach(function (line) { if (line.trim()) { handle(line); } });
          return pump();
        });
      }
      return pump();
    }).catch(function (err) {
      if (finished) { return; }
      var why = err && err.message ? err.message : String(err);
      end(live.textContent ? "The answer was cut off: the connection to the server was lost (" + why + ")." :
        "The question could not be sent: the server could not be reached (" + why + ").");
    });
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
        var text = textOf("md-report").replace(/\s*$/, "\n");
        var explanation = textOf("md-explanation").replace(/\s*$/, "\n");
        if (explanation.trim()) {
          // The explanation comes first, as on the page and in the Markdown
          // the server sends: before the report's first "## " section.
          var at = text.indexOf("\n## ");
          text = at < 0 ? text + "\n" + explanation :
            text.slice(0, at + 1) + explanation + "\n" + text.slice(at + 1);
        }
        copy(text, button);
      });
    });
    document.querySelectorAll("form[data-ask]").forEach(function (form) {
      if (!once(form)) { return; }
      form.hidden = false;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        ask(form);
      });
      form.querySelector("textarea").addEventListener("keydown", function (event) {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          ask(form);
        }
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
