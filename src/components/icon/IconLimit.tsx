import Gauge from 'lucide-react/icons/gauge';
import { kitIcon } from './kitIcon';

export const IconLimit = /* @__PURE__ */ kitIcon(Gauge);
