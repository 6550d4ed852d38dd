import { expect, test } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The product example (examples/chat-app) end to end: the built kit, the example app built with
// Vite, and its Node server running an AI SDK agent (the scripted mock model) through the AI SDK
// adapter. Its port sits 100 above the Storybook port base, so parallel checkouts never collide.
const PORT = Number(process.env.AGENTUI_E2E_PORT ?? 6107) + 100;
const URL = `http://127.0.0.1:${PORT}`;

let server: ChildProcess | undefined;
let dataDir: string;

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['examples/chat-app/server/server.mjs', '--port', String(PORT)], {
    env: { ...process.env, CHAT_APP_LOG: join(dataDir, 'events.jsonl'), CHAT_WORD_DELAY_MS: '120', AI_GATEWAY_API_KEY: '' },
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

test.describe('examples/chat-app', () => {
  test.beforeAll(() => {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'examples/chat-app/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  });

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agentui-chat-app-'));
    await startServer();
  });

  test.afterEach(() => {
    killServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('send, stream, approve, cut the connection, see it repaired, send again', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(URL);
    const status = page.locator('.aui-runtime-status');
    const composer = page.getByRole('textbox', { name: 'Message' });

    await composer.fill('Remember to buy milk');
    await page.getByRole('button', { name: 'Send' }).click();
    // The agent asks before it saves: the card is the runtime's request, pending until answered.
    const card = page.locator('.aui-action[data-action-status="pending"]');
    await expect(card).toBeVisible();
    await expect(page.getByText('I will save that as a note.')).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.aui-action[data-action-status="resolved"]')).toBeVisible();

    // The answer streams word by word; cut the server mid-answer.
    await expect(page.getByText(/The note is saved\. Here is what happens next/)).toBeVisible();
    killServer();
    await expect(status).toHaveAttribute('data-stale', 'true');
    await expect(status.locator('[data-fact="stale"]')).toBeVisible();

    // The restarted server still serves the thread, and says the cut turn did not finish.
    await startServer();
    await expect(status).not.toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
    // The cut turn ends in the thread with why and what to do (the header shows only the stage).
    const notice = page.locator('.aui-conversation .aui-turn-notice[data-failure-category="runtime_restarted"]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Send the message again');
    await expect(page.getByText('Remember to buy milk').first()).toBeVisible();

    // And the conversation goes on.
    await composer.fill('Also remember eggs');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('.aui-action[data-action-status="pending"]')).toBeVisible();
  });
});
