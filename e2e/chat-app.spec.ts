import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The product example (examples/chat-app) end to end: the built kit, the example app built with
// Vite, and its Node server running an AI SDK agent (the scripted mock model) through the AI SDK
// adapter and the kit's runtime bridge. Its port sits 100 above the Storybook port base, so
// parallel checkouts never collide. Each flow is what a user does while an agent works; its key
// state is saved as a screenshot under test-results/chat-app/ for review (not a visual baseline).
const PORT = Number(process.env.AGENTUI_E2E_PORT ?? 6107) + 100;
const URL = `http://127.0.0.1:${PORT}`;
const SHOTS = join('test-results', 'chat-app');

let server: ChildProcess | undefined;
let dataDir: string;

async function startServer(wordDelayMs = 120): Promise<void> {
  const child = spawn(process.execPath, ['examples/chat-app/server/server.mjs', '--port', String(PORT), '--log', join(dataDir, 'events.jsonl')], {
    env: { ...process.env, CHAT_WORD_DELAY_MS: String(wordDelayMs), AI_GATEWAY_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('chat app on') && resolve());
    child.once('exit', (code) => reject(new Error(`the chat app server exited (${code})`)));
  });
}

function killServer(): void {
  server?.kill('SIGKILL');
  server = undefined;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const assistant = (page: Page) => page.locator('.aui-message[data-role="assistant"]');

async function send(page: Page, text: string, button = 'Send'): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: button }).click();
}

test.describe('examples/chat-app', () => {
  // One worker, in order: the example is built once into one folder and its server takes one port.
  test.describe.configure({ mode: 'default' });
  test.beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'examples/chat-app/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  });

  test.beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'agentui-chat-app-'));
  });

  test.afterEach(() => {
    killServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('send, stream, approve (the card asks the runtime’s question), cut the connection, see it repaired, send again', async ({ page }) => {
    test.setTimeout(90_000);
    await startServer();
    await page.goto(URL);
    const status = page.locator('.aui-runtime-status');

    await send(page, 'Remember to buy milk');
    // The agent asks before it saves: the card is the runtime's request, in the runtime's words.
    const card = page.locator('.aui-action[data-action-status="pending"]');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Save the note “Remember to buy milk”?');
    await expect(card.locator('[data-fact="unknown"]')).toHaveCount(0);
    await expect(page.getByText('I will save that as a note.')).toBeVisible();
    await shot(page, '01-approval-question');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.aui-action[data-action-status="resolved"]')).toBeVisible();

    // The answer streams word by word; cut the server mid-answer.
    await expect(page.getByText(/The note is saved\. About/)).toBeVisible();
    killServer();
    await expect(status).toHaveAttribute('data-stale', 'true');
    await expect(status.locator('[data-fact="stale"]')).toBeVisible();

    // The restarted server still serves the thread, and says the cut turn did not finish.
    await startServer();
    await expect(status).not.toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
    const notice = page.locator('.aui-conversation .aui-turn-notice[data-failure-category="runtime_restarted"]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Send the message again');
    await expect(page.getByText('Remember to buy milk').first()).toBeVisible();
    await shot(page, '02-restarted-repaired');

    // And the conversation goes on, with the model seeing what came before the restart.
    await send(page, 'What did I ask you first?');
    await expect(assistant(page).last()).toContainText('You first asked: “Remember to buy milk”. I see 2 messages from you so far.');
  });

  test('a prompt queued while an approval waits runs after it; the approval is still answerable', async ({ page }) => {
    await startServer(40);
    await page.goto(URL);
    await send(page, 'Remember the train leaves at 9');
    const card = page.locator('.aui-action[data-action-status="pending"]');
    await expect(card).toBeVisible();
    await composer(page).fill('What did I ask you first?');
    // Steer or queue: the runtime says it can do both, and the composer offers both.
    await page.getByRole('radio', { name: 'Queue' }).click();
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 prompt waits to run after this turn' })).toBeVisible();
    await expect(composer(page)).toHaveValue('');
    // Not run yet: its message is not in the conversation while the approval waits.
    await expect(page.locator('.aui-message[data-role="user"]')).toHaveCount(1);
    await shot(page, '03-queued-behind-approval');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(assistant(page).last()).toContainText('You first asked: “Remember the train leaves at 9”. I see 2 messages from you so far.', { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'wait to run' })).toHaveCount(0);
    await expect(page.locator('.aui-action[data-action-status="resolved"]')).toBeVisible();
    await shot(page, '04-queued-ran-after');
  });

  test('steer: the prompt goes into the running answer and the next step answers it', async ({ page }) => {
    await startServer(60);
    await page.goto(URL);
    await send(page, 'Tell me how streaming works');
    await expect(assistant(page).first()).toContainText('About “Tell me how streaming works”');
    await composer(page).fill('Focus on the Stop button');
    await page.getByRole('radio', { name: 'Steer' }).click();
    await page.getByRole('button', { name: 'Steer now' }).click();
    // The steered message stands in the same turn, before the step that answers it.
    const steered = page.locator('.aui-message[data-role="user"]', { hasText: 'Focus on the Stop button' });
    await expect(steered).toBeVisible({ timeout: 30_000 });
    await expect(assistant(page).last()).toContainText('About “Focus on the Stop button”', { timeout: 30_000 });
    await expect(page.locator('.aui-message')).toHaveCount(4);
    await shot(page, '05-steered');
  });

  test('Stop mid-answer: the partial answer stays, marked interrupted', async ({ page }) => {
    await startServer(120);
    await page.goto(URL);
    await send(page, 'Explain the event log');
    await expect(assistant(page).first()).toContainText('the kit streams this answer');
    await page.getByRole('button', { name: 'Stop' }).click();
    const cut = page.locator('.aui-message[data-message-status="interrupted"]');
    await expect(cut).toBeVisible();
    await expect(cut).toContainText('Interrupted: the turn was cancelled before this answer finished');
    const partial = await cut.textContent();
    await page.waitForTimeout(600);
    // Nothing more arrives, and nothing completes it.
    expect(await cut.textContent()).toBe(partial);
    await expect(page.locator('.aui-message[data-message-status="completed"][data-role="assistant"]')).toHaveCount(0);
    await shot(page, '06-stopped-interrupted');
  });

  test('deny with a note: the next answer reflects the note', async ({ page }) => {
    await startServer(40);
    await page.goto(URL);
    await send(page, 'Remember to call the bank');
    const card = page.locator('.aui-action[data-action-status="pending"]');
    await card.getByRole('button', { name: 'Deny with a note' }).click();
    await card.getByRole('textbox', { name: 'Note for the agent (optional)' }).fill('Not this week, I will do it myself');
    await card.getByRole('button', { name: 'Send denial' }).click();
    await expect(page.locator('.aui-action[data-action-decision="deny"]')).toBeVisible();
    await expect(assistant(page).last()).toContainText('I did not save the note. You said: “Not this week, I will do it myself”.');
    await shot(page, '07-denied-with-note');
  });

  test('a client-side tool runs in the browser and its output reaches the model', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startServer(40);
    await page.goto(URL);
    await send(page, 'What time is it here?');
    await expect(assistant(page).last()).toContainText(/Your browser says it is \d\d:\d\d in [A-Za-z_/]+\./, { timeout: 30_000 });
    await expect(page.locator('.aui-conversation .aui-tool-call[data-tool-status="succeeded"]')).toContainText('browser_time');
    await shot(page, '08-client-tool');
  });

  test('reload the page and continue: the thread comes back and the model still sees it', async ({ page }) => {
    await startServer(40);
    await page.goto(URL);
    await send(page, 'Tell me about the kit');
    await expect(page.locator('.aui-runtime-status')).toContainText('Completed', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByText('Tell me about the kit').first()).toBeVisible();
    await expect(assistant(page).first()).toContainText('About “Tell me about the kit”');
    await send(page, 'What did I ask you first?');
    await expect(assistant(page).last()).toContainText('You first asked: “Tell me about the kit”. I see 2 messages from you so far.');
    await shot(page, '09-reloaded-continued');
  });

  test('a taken port is said, not a stack trace: the flag to use, or a free port when none was asked', async () => {
    const blocker = createServer().listen(PORT + 50, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      const asked = spawnSync(process.execPath, ['examples/chat-app/server/server.mjs', '--port', String(PORT + 50)], { encoding: 'utf8', env: { ...process.env, AI_GATEWAY_API_KEY: '' }, timeout: 20_000 });
      expect(asked.status).toBe(1);
      expect(asked.stderr).toContain(`port ${PORT + 50} is taken. Start it on another one: npm run example -- --port <port>`);
      expect(asked.stderr).not.toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });
});
