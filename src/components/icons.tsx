// The kit's icons: lucide's SVGs (ISC), each imported from its own file so an app's bundle holds
// the few the kit draws and nothing else. One size (1em, so an icon follows its text), one stroke,
// hidden from assistive tech: the words beside an icon say what it means, never the icon alone.
import type { ComponentPropsWithoutRef } from 'react';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Ban from 'lucide-react/icons/ban';
import Bot from 'lucide-react/icons/bot';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleHelp from 'lucide-react/icons/circle-help';
import CircleMinus from 'lucide-react/icons/circle-minus';
import CircleSlash from 'lucide-react/icons/circle-slash';
import CircleX from 'lucide-react/icons/circle-x';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import FileCode from 'lucide-react/icons/file-code';
import FileDiff from 'lucide-react/icons/file-diff';
import FilePen from 'lucide-react/icons/file-pen';
import FileText from 'lucide-react/icons/file-text';
import Gauge from 'lucide-react/icons/gauge';
import Hand from 'lucide-react/icons/hand';
import Hourglass from 'lucide-react/icons/hourglass';
import Image from 'lucide-react/icons/image';
import ListChecks from 'lucide-react/icons/list-checks';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import PanelRight from 'lucide-react/icons/panel-right';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Route from 'lucide-react/icons/route';
import Scale from 'lucide-react/icons/scale';
import Search from 'lucide-react/icons/search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import Square from 'lucide-react/icons/square';
import Stethoscope from 'lucide-react/icons/stethoscope';
import Terminal from 'lucide-react/icons/terminal';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Wrench from 'lucide-react/icons/wrench';
import X from 'lucide-react/icons/x';

/** Props of a kit icon: an SVG's own attributes; `spin` turns it (stopped under reduced motion). */
export interface IconProps extends Omit<ComponentPropsWithoutRef<'svg'>, 'ref'> {
  spin?: boolean;
}

/** A lucide icon drawn the kit's way: 1em square, decorative, with the `aui-icon` class. */
function kitIcon(Svg: typeof Check) {
  return function KitIcon({ spin, className, ...rest }: IconProps) {
    return (
      <Svg
        size="1em"
        strokeWidth={2}
        aria-hidden="true"
        focusable="false"
        className={['aui-icon', spin && 'aui-icon--spin', className].filter(Boolean).join(' ')}
        {...rest}
      />
    );
  };
}

export const IconSend = /* @__PURE__ */ kitIcon(ArrowUp);
export const IconBlocked = /* @__PURE__ */ kitIcon(Ban);
export const IconSubagent = /* @__PURE__ */ kitIcon(Bot);
export const IconCheck = /* @__PURE__ */ kitIcon(Check);
export const IconChevron = /* @__PURE__ */ kitIcon(ChevronRight);
export const IconAlert = /* @__PURE__ */ kitIcon(CircleAlert);
export const IconDone = /* @__PURE__ */ kitIcon(CircleCheck);
export const IconPending = /* @__PURE__ */ kitIcon(CircleDashed);
export const IconUnknown = /* @__PURE__ */ kitIcon(CircleHelp);
export const IconUnavailable = /* @__PURE__ */ kitIcon(CircleMinus);
export const IconCancelled = /* @__PURE__ */ kitIcon(CircleSlash);
export const IconFailed = /* @__PURE__ */ kitIcon(CircleX);
export const IconCopy = /* @__PURE__ */ kitIcon(Copy);
export const IconDownload = /* @__PURE__ */ kitIcon(Download);
export const IconOpenExternal = /* @__PURE__ */ kitIcon(ExternalLink);
export const IconCode = /* @__PURE__ */ kitIcon(FileCode);
export const IconDiff = /* @__PURE__ */ kitIcon(FileDiff);
export const IconEdit = /* @__PURE__ */ kitIcon(FilePen);
export const IconDocument = /* @__PURE__ */ kitIcon(FileText);
export const IconLimit = /* @__PURE__ */ kitIcon(Gauge);
export const IconWaiting = /* @__PURE__ */ kitIcon(Hand);
export const IconStale = /* @__PURE__ */ kitIcon(Hourglass);
export const IconImage = /* @__PURE__ */ kitIcon(Image);
export const IconTask = /* @__PURE__ */ kitIcon(ListChecks);
export const IconSpinner = /* @__PURE__ */ kitIcon(LoaderCircle);
export const IconPanel = /* @__PURE__ */ kitIcon(PanelRight);
export const IconReconnect = /* @__PURE__ */ kitIcon(RefreshCw);
export const IconRetry = /* @__PURE__ */ kitIcon(RotateCcw);
export const IconRouting = /* @__PURE__ */ kitIcon(Route);
export const IconDisputed = /* @__PURE__ */ kitIcon(Scale);
export const IconSearch = /* @__PURE__ */ kitIcon(Search);
export const IconEvidence = /* @__PURE__ */ kitIcon(ShieldCheck);
export const IconThinking = /* @__PURE__ */ kitIcon(Sparkles);
export const IconStop = /* @__PURE__ */ kitIcon(Square);
export const IconDiagnostic = /* @__PURE__ */ kitIcon(Stethoscope);
export const IconCommand = /* @__PURE__ */ kitIcon(Terminal);
export const IconWarning = /* @__PURE__ */ kitIcon(TriangleAlert);
export const IconTool = /* @__PURE__ */ kitIcon(Wrench);
export const IconClose = /* @__PURE__ */ kitIcon(X);

/** A kit icon component. */
export type KitIcon = ReturnType<typeof kitIcon>;
