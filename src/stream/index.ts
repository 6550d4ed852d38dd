export { replayText, type ReplayTextResult } from './replayText';
