// obsession-nb turn stepper header: the pending decision in words and where it sits in the
// order of play printed on the player board.  The choices themselves are ipywidgets buttons
// composed in Python (obsession_nb/tutor/views/stepper.py); this module only draws text.
//
// Traits:
//   pending   {player, step, prompt}  from Game.pending()
//   steps     [{key, label}]          the order of play, in words
//   current   key of the highlighted step
//   script    {next, label, done, total}  the worked example's next action, if any
//   history   number of actions that Back can undo

import { h, redrawOn } from "./common.js";

function draw(root, model) {
  root.replaceChildren();
  root.dataset.history = String(model.get("history") || 0);
  const pending = model.get("pending") || {};
  const head = h("div", "onb-step-prompt");
  head.appendChild(h("span", "onb-step-kicker", "Decision"));
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
      line.appendChild(h("span", null, `Worked example, action ${script.done + 1} of ${script.total}: `));
      line.appendChild(h("code", "onb-script-next", script.next));
      if (script.label) line.appendChild(h("span", "onb-script-label", ` (${script.label})`));
    } else if (script.done === script.total) {
      line.appendChild(h("span", null, `Worked example complete (${script.total} actions).`));
    } else {
      line.appendChild(h("span", null, "You have left the worked example: Back returns to it."));
    }
    root.appendChild(line);
  }
}

// After a click in this stepper moves the game, keep its board in view: if the board is now
// below the window (or above it), scroll so that the decision heads the window, with Back/Next,
// the choices and the board below it.
function keepBoardInView(el, root, model) {
  let clickedAt = -1e9;
  const stepper = () => el.closest(".onb-stepper");
  const clicked = (e) => {
    const s = stepper();
    if (s && s.contains(e.target)) clickedAt = performance.now();
  };
  const moved = () => {
    if (performance.now() - clickedAt > 10000) return; // moved from code, not by a click here
    requestAnimationFrame(() => {
      const board = stepper()?.querySelector(".onb-area-board");
      if (!board) return;
      const box = board.getBoundingClientRect();
      if (box.top > window.innerHeight - 320 || box.bottom < 80) root.scrollIntoView({ block: "start" });
    });
  };
  document.addEventListener("click", clicked, true);
  model.on("change:history", moved);
  return () => {
    document.removeEventListener("click", clicked, true);
    model.off("change:history", moved);
  };
}

function render({ model, el }) {
  const root = h("div", "onb-step-header");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  const stop = redrawOn(model, ["pending", "steps", "current", "script", "history"], redraw);
  const stopKeeping = keepBoardInView(el, root, model);
  return () => {
    stop();
    stopKeeping();
  };
}

export default { render };
