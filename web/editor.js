// The ruleset editor: a plain textarea with line numbers, which reports its text a
// moment after the author stops typing and marks an error at its line and column.

const PAUSE_MS = 250;

export class Editor {
  constructor({ textarea, gutter, band, message, status }, onChange) {
    Object.assign(this, { textarea, gutter, band, message, status });
    this.timer = null;
    this.error = null;
    textarea.addEventListener("input", () => {
      this.numberLines();
      clearTimeout(this.timer);
      this.status.textContent = "checking…";
      this.timer = setTimeout(() => onChange(textarea.value), PAUSE_MS);
    });
    textarea.addEventListener("scroll", () => this.follow());
    message.addEventListener("click", () => this.goToError());
  }

  /** Replaces the text without reporting it (a variant was picked). */
  setText(text) {
    clearTimeout(this.timer);
    this.textarea.value = text;
    this.textarea.scrollTop = 0;
    this.numberLines();
    this.showError(null);
  }

  numberLines() {
    const lines = this.textarea.value.split("\n").length;
    if (this.gutter.childElementCount === lines) return;
    const numbers = [];
    for (let i = 1; i <= lines; i++) {
      const n = document.createElement("div");
      n.textContent = i;
      n.dataset.line = i;
      numbers.push(n);
    }
    this.gutter.replaceChildren(...numbers);
    this.markGutter();
  }

  /** `error`: serve's `bad-ruleset` error (`message`, `line`, `column`, `key`), or null. */
  showError(error) {
    this.error = error;
    this.message.hidden = !error;
    this.band.hidden = !error;
    this.status.textContent = error ? "error" : "valid";
    this.status.className = error ? "status-error" : "status-ok";
    if (error) {
      this.message.textContent = error.message;
      this.message.dataset.line = error.line ?? "";
      this.message.dataset.column = error.column ?? "";
      this.message.title = "click to go to the error";
    }
    this.markGutter();
    this.follow();
  }

  markGutter() {
    for (const n of this.gutter.querySelectorAll(".error-marker")) n.classList.remove("error-marker");
    const line = this.error && this.error.line;
    const n = line && this.gutter.children[line - 1];
    if (n) {
      n.classList.add("error-marker");
      n.title = this.error.message;
    }
  }

  /** Keeps the gutter and the error band level with the text as it scrolls. */
  follow() {
    const top = this.textarea.scrollTop;
    this.gutter.style.transform = `translateY(${-top}px)`;
    if (this.error && this.error.line) {
      const lineHeight = parseFloat(getComputedStyle(this.textarea).lineHeight);
      const padding = parseFloat(getComputedStyle(this.textarea).paddingTop);
      this.band.style.top = `${padding + (this.error.line - 1) * lineHeight - top}px`;
      this.band.style.height = `${lineHeight}px`;
    }
  }

  goToError() {
    const e = this.error;
    if (!e || !e.line) return;
    const lines = this.textarea.value.split("\n");
    let offset = 0;
    for (let i = 0; i < e.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (e.column || 1) - 1);
    this.textarea.focus();
    this.textarea.setSelectionRange(offset, offset);
  }
}
