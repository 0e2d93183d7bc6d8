// The ruleset editor: a plain textarea with line numbers, which reports its text a
// moment after the author stops typing and marks an error at its line and column.

const PAUSE_MS = 250;

export class Editor {
  constructor({ textarea, gutter, band, column, message, status }, onChange) {
    Object.assign(this, { textarea, gutter, band, column, message, status });
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
    this.band.hidden = !error || !error.line;
    this.column.hidden = !error || !error.line || !error.column;
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

  /** Keeps the gutter and the error's line and column level with the text as it scrolls. */
  follow() {
    const { scrollTop, scrollLeft } = this.textarea;
    this.gutter.style.transform = `translateY(${-scrollTop}px)`;
    const e = this.error;
    if (!e || !e.line) return;
    const style = getComputedStyle(this.textarea);
    const lineHeight = parseFloat(style.lineHeight);
    const top = `${parseFloat(style.paddingTop) + (e.line - 1) * lineHeight - scrollTop}px`;
    Object.assign(this.band.style, { top, height: `${lineHeight}px` });
    const left = parseFloat(style.paddingLeft) + (e.column - 1) * this.charWidth(style) - scrollLeft;
    Object.assign(this.column.style, { top, height: `${lineHeight}px`, left: `${left}px` });
  }

  /** The width of one character of the editor's monospace font. */
  charWidth(style) {
    const context = (this.canvas ??= document.createElement("canvas")).getContext("2d");
    context.font = `${style.fontSize} ${style.fontFamily}`;
    return context.measureText("M".repeat(100)).width / 100;
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
    // A few lines of context above the error, whatever the browser scrolled to.
    const lineHeight = parseFloat(getComputedStyle(this.textarea).lineHeight);
    this.textarea.scrollTop = Math.max(0, (e.line - 4) * lineHeight);
    this.follow();
  }
}
