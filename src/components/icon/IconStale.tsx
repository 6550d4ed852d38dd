import Hourglass from 'lucide-react/icons/hourglass';
import { kitIcon } from './kitIcon';

export const IconStale = /* @__PURE__ */ kitIcon(Hourglass);
