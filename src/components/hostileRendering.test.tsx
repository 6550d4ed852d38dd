// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ArtifactCard } from './ArtifactCard';
import { DisplayPolicyProvider } from './displayPolicy';
import { allowedImageSrc, loadedImageSrc } from './imageSrc';
import { revealBidi, revealBidiControls } from './safeText';
import { ToolCall } from './ToolCall';

beforeAll(() => stubLayout());
afterEach(cleanup);

describe('bidi controls in names are shown, never applied', () => {
  it('reveals overrides, isolates and marks in names; keeps marks in prose', () => {
    expect(revealBidi('invoice\u202Etxt.exe')).toBe('invoice[U+202E]txt.exe');
    expect(revealBidi('a\u2066b\u2069\u200Fc')).toBe('a[U+2066]b[U+2069][U+200F]c');
    expect(revealBidiControls('שלום\u200F world\u202D')).toBe('שלום\u200F world[U+202D]');
  });
  it('a tool named with an override shows the override and isolates the name', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('tool.started', toolIds(1), { toolName: 'invoice\u202Etxt.exe', safeArgs: { path: 'x\u202Etxt.exe' } })]);
    const { container } = renderWith(<ToolCall toolCallId="tc-1" />, store);
    const name = container.querySelector('.aui-tool-call__name bdi')!;
    expect(name.textContent).toBe('invoice[U+202E]txt.exe');
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('images load only through loadRef or from allowed origins', () => {
  it('judges direct URLs by origin, protocol-relative and other schemes never', () => {
    const base = 'https://app.example/page';
    expect(allowedImageSrc('//evil.example/pixel.png', ['https://evil.example'], base)).toBeUndefined();
    expect(allowedImageSrc('\\\\evil.example/pixel.png', ['self'], base)).toBeUndefined();
    expect(allowedImageSrc('https://evil.example/p.png', [], base)).toBeUndefined();
    expect(allowedImageSrc('https://cdn.example/p.png', ['https://cdn.example'], base)).toBe('https://cdn.example/p.png');
    expect(allowedImageSrc('/img/p.png', ['self'], base)).toBe('https://app.example/img/p.png');
    expect(allowedImageSrc('/img/p.png', ['https://cdn.example'], base)).toBeUndefined();
    expect(allowedImageSrc('javascript:alert(1)', ['self'], base)).toBeUndefined();
    expect(loadedImageSrc('blob:https://app.example/1')).toBe('blob:https://app.example/1');
    expect(loadedImageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(loadedImageSrc('data:text/html,<script>')).toBeUndefined();
    expect(loadedImageSrc('//evil.example/p.png')).toBeUndefined();
  });

  it('an image artifact with a protocol-relative preview ref is not fetched while loadRef is pending', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('artifact.changed', { ...turn(), artifactId: 'art-1' }, { kind: 'image', title: 'Pixel', status: 'ready', previewRef: '//evil.example/pixel.png' })]);
    renderWith(<ArtifactCard artifactId="art-1" loadRef={() => new Promise<string>(() => undefined)} />, store);
    await user.click(screen.getByRole('button', { name: 'Open Pixel' }));
    await screen.findByRole('dialog');
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('an allowed origin loads directly', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('artifact.changed', { ...turn(), artifactId: 'art-1' }, { kind: 'image', title: 'Chart', status: 'ready', previewRef: 'https://cdn.example/chart.png' })]);
    renderWith(
      <DisplayPolicyProvider imageOrigins={['https://cdn.example']}>
        <ArtifactCard artifactId="art-1" />
      </DisplayPolicyProvider>,
      store,
    );
    // The card previews the image inline, and the workspace shows it: from the allowed origin only.
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example/chart.png']);
    await user.click(screen.getByRole('button', { name: 'Open Chart' }));
    await screen.findByRole('dialog');
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example/chart.png', 'https://cdn.example/chart.png']);
  });
});
