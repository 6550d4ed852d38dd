// A minimal playback page on the headless core, served by `npm start` until Storybook lands.
import { createRuntimeStore, parseJsonl, summarize, type RuntimeStore } from '../src/headless';

const fixtures = import.meta.glob('../fixtures/*.jsonl', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const names = Object.keys(fixtures).map((path) => path.replace(/^.*\/(.*)\.jsonl$/, '$1')).sort();

const select = document.querySelector<HTMLSelectElement>('#fixture')!;
const summaryView = document.querySelector<HTMLPreElement>('#summary')!;
const position = document.querySelector<HTMLOutputElement>('#position')!;
const playButton = document.querySelector<HTMLButtonElement>('#play')!;

let events: unknown[] = [];
let cursor = 0;
let store: RuntimeStore = createRuntimeStore();
let timer: ReturnType<typeof setInterval> | undefined;

function render(): void {
  summaryView.textContent = JSON.stringify(summarize(store.getState()), null, 2);
  position.textContent = `${cursor} / ${events.length} events`;
  playButton.textContent = timer ? 'Pause' : 'Play';
}

function load(name: string): void {
  pause();
  events = parseJsonl(fixtures[`../fixtures/${name}.jsonl`] ?? '').records.map((r) => r.value);
  cursor = 0;
  store = createRuntimeStore();
  render();
}

function step(): void {
  if (cursor >= events.length) {
    store.getState().settle();
    pause();
    return;
  }
  store.getState().ingest([events[cursor++]]);
  render();
}

function pause(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
  render();
}

for (const name of names) select.append(new Option(name, name));
select.addEventListener('change', () => load(select.value));
playButton.addEventListener('click', () => {
  if (timer) return pause();
  timer = setInterval(step, 120);
  render();
});
document.querySelector('#step')!.addEventListener('click', () => step());
document.querySelector('#restart')!.addEventListener('click', () => load(select.value));
load(names[0]!);
