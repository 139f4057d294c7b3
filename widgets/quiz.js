// obsession-nb quiz: one multiple-choice question at a time, the engine's answer revealed with
// its rulings and citations, a score and topic filters.  The questions and their answers come
// from Python (obsession_nb/tutor/quiz.py); this module draws them and sends what was clicked.
// Text reaches the DOM only through textContent.
//
// Traits:
//   question  {index, total, prompt, choices, kind, source, topics, done}
//   result    {} before answering, then {chosen, correct, answer,
//             rulings: [{rule, verdict, citation, title, summary}]} (title: the rule-id
//             chip's name; summary: its hover text)
//   score     {right, answered, total}
//   topics    every topic; selected: the chosen ones (none = all)
//   labels    UI words in the chosen language
// Messages sent: {event: "answer", choice}, {event: "next"}, {event: "topics", selected}

import { h, labeller, redrawOn, rulingList } from "./common.js";

function draw(root, model) {
  const L = labeller(model);
  root.replaceChildren();
  const q = model.get("question") || {};
  const res = model.get("result") || {};
  const score = model.get("score") || {};
  const head = h("div", "onb-quiz-head");
  const counter = h("span", "onb-quiz-counter");
  if (!q.done) counter.textContent = L("question", { n: q.index + 1, total: q.total });
  head.appendChild(counter);
  const sc = h("span", "onb-quiz-score", L("score", { right: score.right || 0, answered: score.answered || 0 }));
  sc.dataset.right = String(score.right || 0);
  sc.dataset.answered = String(score.answered || 0);
  head.appendChild(sc);
  root.appendChild(head);

  const filters = h("div", "onb-quiz-topics");
  filters.appendChild(h("span", "onb-quiz-topics-label", L("topics")));
  const selected = new Set(model.get("selected") || []);
  for (const t of model.get("topics") || []) {
    const label = h("label", "onb-quiz-topic");
    const box = h("input");
    box.type = "checkbox";
    box.value = t;
    box.checked = selected.has(t);
    box.addEventListener("change", () => {
      const chosen = [...filters.querySelectorAll("input:checked")].map((b) => b.value);
      model.send({ event: "topics", selected: chosen });
    });
    label.appendChild(box);
    label.appendChild(document.createTextNode(` ${t}`));
    filters.appendChild(label);
  }
  root.appendChild(filters);

  if (q.done) {
    root.appendChild(h("div", "onb-quiz-done", q.total ? L("done", { right: score.right, total: score.total }) : L("none")));
    return;
  }
  // `backticks` in a prompt mark an action's notation
  const prompt = h("div", "onb-quiz-prompt");
  String(q.prompt || "").split("`").forEach((part, i) => {
    prompt.appendChild(i % 2 ? h("code", "onb-quiz-notation", part) : document.createTextNode(part));
  });
  prompt.dataset.kind = q.kind || "";
  root.appendChild(prompt);
  const meta = h("div", "onb-quiz-meta", L("source", { source: q.source, topics: (q.topics || []).join(L("list")) }));
  root.appendChild(meta);
  const choices = h("div", "onb-quiz-choices");
  (q.choices || []).forEach((c, i) => {
    const b = h("button", "onb-quiz-choice", c);
    b.type = "button";
    b.dataset.index = String(i);
    if (res.chosen !== undefined) {
      b.disabled = true;
      if (i === res.answer) b.classList.add("onb-quiz-answer");
      if (i === res.chosen) b.classList.add(res.correct ? "onb-quiz-right" : "onb-quiz-wrong");
    } else {
      b.addEventListener("click", () => model.send({ event: "answer", choice: i }));
    }
    choices.appendChild(b);
  });
  root.appendChild(choices);
  if (res.chosen !== undefined) {
    const box = h("div", `onb-quiz-result ${res.correct ? "onb-quiz-result-right" : "onb-quiz-result-wrong"}`);
    box.appendChild(h("div", "onb-quiz-verdict", res.correct ? L("right") : L("wrong", { answer: q.choices[res.answer] })));
    box.appendChild(h("div", "onb-quiz-why", L("why")));
    box.appendChild(rulingList(res.rulings));
    const next = h("button", "onb-quiz-next", L("next"));
    next.type = "button";
    next.addEventListener("click", () => model.send({ event: "next" }));
    box.appendChild(next);
    root.appendChild(box);
  }
}

function render({ model, el }) {
  const root = h("div", "onb-quiz");
  el.appendChild(root);
  const redraw = () => draw(root, model);
  redraw();
  return redrawOn(model, ["question", "result", "score", "topics", "selected", "labels"], redraw);
}

export default { render };
