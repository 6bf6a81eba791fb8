// The Solve panel: solving with a trace, the trace player (play, pause,
// single steps, seeking, speed), the log of recent events, the solve's
// figures, and the comparison of the all_different strengths.

import { api } from './api.js';
import { $, say, fail, statsList } from './dom.js';
import { puzzleBody } from './formats.js';
import { merged, valuesIfAny } from './state.js';
import { STRENGTHS, currentEventText, eventText, eventsPerTick, seekTrace, speedDelay, startTrace } from './trace.js';
import { clearMarks, render } from './board.js';

/** How many recent events the log lists. */
const LOG_LENGTH = 60;

/** Shows the trace's position, current event and recent events. */
function showTracePos(S) {
  const T = S.trace;
  const pos = $('tr-pos');
  const ev = $('tr-event');
  const log = $('tr-log');
  if (!T) {
    pos.textContent = 'No trace yet.';
    ev.textContent = '';
    log.replaceChildren();
    return;
  }
  pos.textContent = `Event ${T.pos} of ${T.events.length}${T.resp.truncated ? ' (trace truncated)' : ''} · all_different ${T.strength}`;
  ev.textContent = currentEventText(T, S.geo);
  const frag = document.createDocumentFragment();
  for (let k = Math.max(0, T.pos - LOG_LENGTH); k < T.pos; k++) {
    const li = document.createElement('li');
    li.value = k + 1;
    const e = T.events[k];
    li.textContent = eventText(e, S.geo);
    li.className = `k-${e.event}${k === T.pos - 1 ? ' current' : ''}`;
    frag.appendChild(li);
  }
  log.replaceChildren(frag);
  log.scrollTop = log.scrollHeight;
  // Announce single steps, not every event of a fast replay.
  ev.setAttribute('aria-live', T.playing ? 'off' : 'polite');
  $('tr-play').textContent = T.playing ? '❚❚' : '▶';
  $('tr-play').setAttribute('aria-label', T.playing ? 'Pause' : 'Play');
}

/** Moves the trace to event `pos` and shows the board there. */
export function traceSeek(S, pos) {
  const T = S.trace;
  if (!T) return;
  seekTrace(T, pos);
  if (S.view !== 'trace') { S.view = 'trace'; clearMarks(S); }
  showTracePos(S);
  render(S);
}

/** The speed slider's delay between events, in ms. */
export const sliderDelay = () => speedDelay(Number($('tr-speed').value));

function tick(S) {
  const T = S.trace;
  if (!T || !T.playing) return;
  const delay = sliderDelay();
  traceSeek(S, T.pos + eventsPerTick(delay));
  if (T.pos >= T.events.length) {
    pause(S);
    return;
  }
  T.timer = setTimeout(() => tick(S), Math.max(delay, 0));
}

function play(S) {
  const T = S.trace;
  if (!T) { say('Solve first: the trace comes from the solver.', true); return; }
  if (T.pos >= T.events.length) traceSeek(S, 0);
  T.playing = true;
  showTracePos(S);
  tick(S);
}

/** Stops playing. */
function pause(S) {
  const T = S.trace;
  if (!T) return;
  T.playing = false;
  clearTimeout(T.timer);
  showTracePos(S);
}

export function togglePlay(S) {
  if (S.trace && S.trace.playing) pause(S); else play(S);
}

export function stepForward(S) {
  if (!S.trace) { say('Solve first: the trace comes from the solver.', true); return; }
  pause(S);
  traceSeek(S, S.trace.pos + 1);
}

export function stepBack(S) {
  if (!S.trace) return;
  pause(S);
  traceSeek(S, S.trace.pos - 1);
}

/** Seeks to the first event. */
export function toStart(S) {
  if (!S.trace) return;
  pause(S);
  traceSeek(S, 0);
}

/** Seeks to the last event. */
export function toEnd(S) {
  if (!S.trace) return;
  pause(S);
  traceSeek(S, S.trace.events.length);
}

/** Back to editing; with `forget` the trace and the solve's figures go too. */
export function leaveTrace(S, forget = false) {
  if (S.trace) pause(S);
  S.view = 'edit';
  if (forget) {
    S.trace = null;
    showTracePos(S);
    $('solve-stats').replaceChildren();
    $('show-solution').disabled = true;
    $('compare-table').hidden = true;
  }
  if (S.board.cells.length) render(S);
}

/** The /api/solve body: the puzzle, the entries as givens, the strength. */
function solveBody(S, strength) {
  const body = { ...puzzleBody(S.geo, S.givens), strength };
  const v = valuesIfAny(S);
  if (v) body.values = v;
  return body;
}

/** Solves with the chosen strength and loads the trace at its start. */
export async function solve(S) {
  const strength = $('strength').value;
  say(`Solving with all_different ${strength}…`);
  try {
    const resp = await api('solve', solveBody(S, strength));
    S.trace = startTrace(resp, strength, S.geo.n, S.givens, merged(S));
    S.view = 'trace';
    clearMarks(S);
    showTracePos(S);
    render(S);
    const st = resp.stats || {};
    $('solve-stats').replaceChildren(statsList([
      ['status', resp.status],
      ['nodes', st.nodes],
      ['guesses', st.guesses],
      ['failures', st.failures],
      ['time', st.micros != null ? `${st.micros} µs` : undefined],
      ['trace events', `${(resp.trace || []).length}${resp.truncated ? ' (truncated)' : ''}`],
    ]));
    $('show-solution').disabled = !resp.solution;
    say(`Solved (${resp.status}): ${st.nodes ?? '?'} nodes, ${st.guesses ?? '?'} guesses. Press play or step to watch.`);
    $('tr-step').focus();
  } catch (e) {
    fail('Solve failed', e);
  }
}

/** One row of the comparison table. */
function compareRow(r, max, min) {
  const tr = document.createElement('tr');
  tr.dataset.strength = r.strength;
  const cells = r.resp
    ? [r.strength, r.resp.status, r.resp.stats.nodes, r.resp.stats.guesses, r.resp.stats.failures ?? '', (r.resp.trace || []).length, r.resp.stats.micros]
    : [r.strength, r.error, '', '', '', '', ''];
  cells.forEach((v, k) => {
    const td = document.createElement(k === 0 ? 'th' : 'td');
    if (k === 0) td.scope = 'row';
    if (k === 2 && r.resp) {
      const bar = document.createElement('span');
      bar.className = 'bar';
      bar.style.width = `${Math.max(2, Math.round((60 * v) / max))}px`;
      bar.setAttribute('aria-hidden', 'true');
      td.append(bar, String(v));
    } else {
      td.textContent = v;
    }
    tr.appendChild(td);
  });
  if (r.resp && r.resp.stats.nodes === min) tr.classList.add('best');
  return tr;
}

/** Solves with every strength and tabulates the effort. */
export async function compare(S) {
  const table = $('compare-table');
  const body = table.tBodies[0];
  body.replaceChildren();
  table.hidden = false;
  say('Comparing the four strengths…');
  const rows = [];
  for (const strength of STRENGTHS) {
    try {
      rows.push({ strength, resp: await api('solve', solveBody(S, strength)) });
    } catch (e) {
      rows.push({ strength, error: e.message });
    }
  }
  const nodes = rows.filter((r) => r.resp).map((r) => r.resp.stats.nodes);
  const max = Math.max(1, ...nodes);
  const min = Math.min(...nodes);
  for (const r of rows) body.appendChild(compareRow(r, max, min));
  say('Compared: the stronger the all_different, the fewer nodes.');
}
