// obsession-nb turn stepper header: the pending decision in words and where it sits in the
// order of play printed on the player board.  The choices themselves are ipywidgets buttons
// composed in Python (obsession_nb/tutor/views/stepper.py); this module draws text, and gives
// the stepper its keys: with the keyboard's focus anywhere in the stepper, → presses Next and
// ← presses Back (teaching mode has its own → and ←).
//
// Traits:
//   pending   {player, step, prompt}  from Game.pending()
//   steps     [{key, label}]          the order of play, in words
//   current   key of the highlighted step
//   script    {next, label, done, total}  the worked example's next action (its notation
//             and its name in words), if any
//   history   number of actions that Back can undo

import { h, labeller, redrawOn } from "./common.js";

function draw(root, model) {
  const L = labeller(model);
  root.replaceChildren();
  root.dataset.history = String(model.get("history") || 0);
  const pending = model.get("pending") || {};
  const head = h("div", "onb-step-prompt");
  head.appendChild(h("span", "onb-step-kicker", L("decision")));
  head.appendChild(h("span", "onb-step-text", pending.prompt || ""));
  root.appendChild(head);
  const strip = h("ol", "onb-order-of-play");
  const current = model.get("current");
  let seen = false;
  for (const s of model.get("steps") || []) {
    const li = h("li", "onb-oop-step", s.label);
    li.dataset.step = s.key;
    if (s.key === current) {
      li.classList.add("onb-oop-current");
      seen = true;
    } else if (!seen && current) {
      li.classList.add("onb-oop-done");
    }
    strip.appendChild(li);
  }
  root.appendChild(strip);
  const script = model.get("script") || {};
  if (script.total) {
    const line = h("div", "onb-script");
    if (script.next) {
      // the action in words (a stand-in named as one); its notation after, as typed in `play`
      line.appendChild(h("span", null, `${L("action", { n: script.done + 1, total: script.total })} `));
      line.appendChild(h("span", "onb-script-label", script.label || script.next));
      line.appendChild(h("span", null, " "));
      const typed = h("code", "onb-script-next", script.next);
      typed.title = L("typed");
      line.appendChild(typed);
    } else if (script.done === script.total) {
      line.appendChild(h("span", null, L(script.total === 1 ? "complete_one" : "complete", { total: script.total })));
    } else {
      line.appendChild(h("span", null, L("left")));
    }
    root.appendChild(line);
  }
}

// After a click in this stepper moves the game, keep what the player reads next in view: the
// decision with Back/Next, the choices, the step's rulings (the log's latest entry, above the
// board or beside it) and the top of the board.  At a practice table, its status line, Hint,
// Undo and the coach's review head the window instead (they sit above the stepper).  Nothing
// scrolls while all of that is already in view.
function keepBoardInView(el, root, model) {
  // A click here arms the scroll; the first move after it (however long a busy kernel takes)
  // and the moves of the next 15 s (the opponents' answer at a practice table) may scroll.
  // A move from code, long after any click, never does.
  let armed = false;
  let until = -1e9;
  const stepper = () => el.closest(".onb-stepper");
  const clicked = (e) => {
    const s = stepper();
    if (s && e.target instanceof Element && s.contains(e.target) && e.target.closest("button")) armed = true;
  };
  const moved = () => {
    const now = performance.now();
    if (armed) {
      armed = false;
      until = now + 15000;
    } else if (now > until) {
      return;
    }
    requestAnimationFrame(() => {
      const s = stepper();
      const board = s?.querySelector(".onb-area-board");
      if (!board) return;
      const table = s.closest(".onb-practice");
      const top = (table || root).getBoundingClientRect().top;
      const choices = s.querySelector(".onb-area-choices")?.getBoundingClientRect();
      const latest = s.querySelector(".onb-area-log .onb-entry:last-child")?.getBoundingClientRect();
      const low = window.innerHeight;
      const hidden = top < 0 || (choices && choices.bottom > low)
        || (latest && latest.height && latest.top > low - 40)
        || board.getBoundingClientRect().top > low - 200;
      if (hidden) (table || root).scrollIntoView({ block: "start" });
    });
  };
  document.addEventListener("click", clicked, true);
  model.on("change:history", moved);
  return () => {
    document.removeEventListener("click", clicked, true);
    model.off("change:history", moved);
  };
}

// → and ← press the stepper's Next and Back buttons while focus is in the stepper (not in a
// text box or a drop-down, where the arrows move the cursor or the selection).  Listened to on
// the window before JupyterLab sees the key, so that no notebook shortcut fires instead.
function arrowKeys(el) {
  const onKey = (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const which = { ArrowRight: ".onb-next", ArrowLeft: ".onb-back" }[ev.key];
    const stepper = el.closest(".onb-stepper");
    const target = ev.target;
    if (!which || !stepper || !(target instanceof Element) || !stepper.contains(target)) return;
    if (stepper.closest(".onb-teach-mode")) return;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const button = stepper.querySelector(`${which} button, button${which}`);
    if (!button || button.disabled || button.offsetParent === null) return;
    ev.preventDefault();
    ev.stopPropagation();
    button.click();
  };
  window.addEventListener("keydown", onKey, true);
  return () => window.removeEventListener("keydown", onKey, true);
}

function render({ model, el }) {
  const root = h("div", "onb-step-header");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  const stop = redrawOn(model, ["pending", "steps", "current", "script", "history"], redraw);
  const stopKeeping = keepBoardInView(el, root, model);
  const stopKeys = arrowKeys(el);
  return () => {
    stop();
    stopKeeping();
    stopKeys();
  };
}

export default { render };
