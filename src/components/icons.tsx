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

export const IconSend = kitIcon(ArrowUp);
export const IconBlocked = kitIcon(Ban);
export const IconSubagent = kitIcon(Bot);
export const IconCheck = kitIcon(Check);
export const IconChevron = kitIcon(ChevronRight);
export const IconAlert = kitIcon(CircleAlert);
export const IconDone = kitIcon(CircleCheck);
export const IconPending = kitIcon(CircleDashed);
export const IconUnknown = kitIcon(CircleHelp);
export const IconUnavailable = kitIcon(CircleMinus);
export const IconCancelled = kitIcon(CircleSlash);
export const IconFailed = kitIcon(CircleX);
export const IconCopy = kitIcon(Copy);
export const IconDownload = kitIcon(Download);
export const IconOpenExternal = kitIcon(ExternalLink);
export const IconCode = kitIcon(FileCode);
export const IconDiff = kitIcon(FileDiff);
export const IconEdit = kitIcon(FilePen);
export const IconDocument = kitIcon(FileText);
export const IconLimit = kitIcon(Gauge);
export const IconWaiting = kitIcon(Hand);
export const IconStale = kitIcon(Hourglass);
export const IconImage = kitIcon(Image);
export const IconTask = kitIcon(ListChecks);
export const IconSpinner = kitIcon(LoaderCircle);
export const IconPanel = kitIcon(PanelRight);
export const IconReconnect = kitIcon(RefreshCw);
export const IconRetry = kitIcon(RotateCcw);
export const IconRouting = kitIcon(Route);
export const IconDisputed = kitIcon(Scale);
export const IconSearch = kitIcon(Search);
export const IconEvidence = kitIcon(ShieldCheck);
export const IconThinking = kitIcon(Sparkles);
export const IconStop = kitIcon(Square);
export const IconDiagnostic = kitIcon(Stethoscope);
export const IconCommand = kitIcon(Terminal);
export const IconWarning = kitIcon(TriangleAlert);
export const IconTool = kitIcon(Wrench);
export const IconClose = kitIcon(X);

/** A kit icon component. */
export type KitIcon = ReturnType<typeof kitIcon>;
