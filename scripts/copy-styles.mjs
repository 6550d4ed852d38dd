// The stylesheet ships as plain CSS (exports "./styles.css"), so apps import it explicitly.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../src/styles/styles.css', import.meta.url), new URL('../dist/styles.css', import.meta.url));
