// mazebook's page: a little glue between the plain choices and the Advanced fields, the Print
// buttons, new seeds, and the worksheet's words that follow its language until edited.
// Without it the page still works: the server reads the plain choices itself, and Print opens
// the PDF in a new tab.
(function () {
  "use strict";

  function byId(id) { return document.getElementById(id); }

  function radios(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll('input[name="' + name + '"]'));
  }

  function checkMatching(form, name, attribute, value) {
    // check the radio whose data attribute equals value, or none
    radios(form, name).forEach(function (r) { r.checked = r.getAttribute(attribute) === value; });
  }

  // ------------------------------------------------------------------------------- maze
  function mazeForm(form) {
    function presetFromAdvanced() {
      var level = form.elements.mode.value === "level" ? byId("maze-level").value : null;
      checkMatching(form, "preset", "data-level", level);
    }
    function advancedFromLook(look) {
      var fields = JSON.parse(look.getAttribute("data-fields"));
      byId("maze-shape").value = fields.shape;
      if (fields.mask) { byId("maze-mask").value = fields.mask; }
      if (fields.mask_source) { form.elements.mask_source.value = fields.mask_source; }
    }
    // capture: runs before htmx reads the form for the preview
    form.addEventListener("change", function (event) {
      var t = event.target;
      if (t.name === "preset") {
        form.elements.mode.value = "level";
        byId("maze-level").value = t.getAttribute("data-level");
      } else if (t.id === "maze-level") {
        form.elements.mode.value = "level";
        presetFromAdvanced();
      } else if (t.id === "maze-algorithm") {
        form.elements.mode.value = "algorithm";
        presetFromAdvanced();
      } else if (t.name === "mode") {
        presetFromAdvanced();
      } else if (t.name === "look") {
        advancedFromLook(t);
      } else if (t.id === "maze-mask") {
        form.elements.mask_source.value = "mask";
        radios(form, "look").forEach(function (r) { r.checked = false; });
      } else if (t.id === "maze-image") {
        byId("maze-shape").value = "mask";
        form.elements.mask_source.value = "image";
        radios(form, "look").forEach(function (r) { r.checked = false; });
      } else if (t.id === "maze-shape" || t.name === "mask_source") {
        radios(form, "look").forEach(function (r) { r.checked = false; });
      }
    }, true);
    form.addEventListener("input", function (event) {
      var t = event.target;
      if (t.id === "maze-size") {
        form.elements.mode.value = "algorithm";
        presetFromAdvanced();
      } else if (t.id === "maze-text") {
        var name = byId("maze-look-text");
        if (name && !name.checked) { name.checked = true; advancedFromLook(name); }
      }
    }, true);
  }

  // -------------------------------------------------------------------------- worksheet
  function sheetForm(form) {
    var words = byId("sheet-words");
    var texts = JSON.parse(words.getAttribute("data-texts"));
    var boxes = [byId("sheet-title"), byId("sheet-instruction")];
    function isDefault(box) {
      var key = box.name;
      return Object.keys(texts).some(function (code) { return texts[code][key] === box.value.trim(); });
    }
    boxes.forEach(function (box) {
      box.addEventListener("input", function () {
        // typed words are the user's own; a box emptied or set back to a default follows again
        box.dataset.edited = box.value.trim() && !isDefault(box) ? "1" : "";
      });
    });
    form.addEventListener("change", function (event) {
      var t = event.target;
      if (t.id === "sheet-language") {
        boxes.forEach(function (box) {
          if (!box.dataset.edited) { box.value = texts[t.value][box.name]; }
        });
      } else if (t.name === "preset") {
        byId("sheet-levels").value = t.getAttribute("data-levels");
      } else if (t.id === "sheet-levels") {
        checkMatching(form, "preset", "data-levels", t.value.trim());
      }
    }, true);
    form.addEventListener("input", function (event) {
      if (event.target.id === "sheet-levels") {
        checkMatching(form, "preset", "data-levels", event.target.value.trim());
      }
    }, true);
  }

  // ------------------------------------------------------------------ seeds and printing
  function newSeed(button) {
    var box = byId(button.getAttribute("data-new-seed"));
    var values = new Uint32Array(1);
    window.crypto.getRandomValues(values);
    box.value = String(values[0] % 1000000000);
    box.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function errorSlot(form) {
    return form.querySelector(".actions .error");
  }

  function printFrame() {
    var frame = byId("print-frame");
    if (!frame) {
      frame = document.createElement("iframe");
      frame.id = "print-frame";
      frame.title = "The PDF to print";
      frame.className = "print-frame";
      frame.setAttribute("aria-hidden", "true");
      frame.tabIndex = -1;
      document.body.appendChild(frame);
    }
    return frame;
  }

  // The step that opens the browser's print dialog for the loaded PDF (a seam the browser
  // tests replace, since a headless browser's dialog would wait forever).
  var mazebook = window.mazebook = window.mazebook || {};
  mazebook.openPrintDialog = function (frame) {
    frame.contentWindow.focus();
    frame.contentWindow.print();
  };

  function canPrintInPage() {
    // phones and browsers without a PDF viewer get the PDF in a new tab
    var coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
    return navigator.pdfViewerEnabled !== false && !coarse;
  }

  function print(button) {
    var form = button.form;
    var slot = errorSlot(form);
    var tab = canPrintInPage() ? null : window.open("", "_blank");
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    fetch(button.getAttribute("data-print"), { method: "POST", body: new FormData(form) })
      .then(function (reply) {
        var type = reply.headers.get("content-type") || "";
        if (reply.ok && type.indexOf("application/pdf") === 0) { return reply.blob(); }
        return reply.text().then(function (text) {
          var page = new DOMParser().parseFromString(text, "text/html");
          var line = page.getElementById("download-error");
          throw new Error(line ? line.textContent : "the PDF could not be made");
        });
      })
      .then(function (blob) {
        var url = URL.createObjectURL(blob);
        if (slot) { slot.textContent = ""; }
        document.body.setAttribute("data-print-url", url);
        if (tab) {
          tab.location.href = url;
          document.body.setAttribute("data-printed", "tab");
          return;
        }
        var frame = printFrame();
        frame.onload = function () {
          try {
            mazebook.openPrintDialog(frame);
            document.body.setAttribute("data-printed", "dialog");
          } catch (e) {
            window.open(url, "_blank");
            document.body.setAttribute("data-printed", "tab");
          }
        };
        frame.src = url;
      })
      .catch(function (error) {
        if (tab) { tab.close(); }
        if (slot) { slot.textContent = error.message; }
      })
      .then(function () {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button) { return; }
    if (button.hasAttribute("data-new-seed")) {
      newSeed(button);
    } else if (button.hasAttribute("data-print") && window.fetch) {
      event.preventDefault();
      print(button);
    }
  });

  // an error placed beside a field under a closed Advanced opens it, so it is seen
  document.addEventListener("htmx:afterSettle", function () {
    var errors = document.querySelectorAll("details:not([open]) .error");
    Array.prototype.forEach.call(errors, function (error) {
      if (error.textContent.trim()) { error.closest("details").open = true; }
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var maze = byId("maze-form");
    var sheet = byId("sheet-form");
    if (maze) { mazeForm(maze); }
    if (sheet) { sheetForm(sheet); }
  });
}());
