import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { kitIcon } from './kitIcon';

export const IconWarning = /* @__PURE__ */ kitIcon(TriangleAlert);
