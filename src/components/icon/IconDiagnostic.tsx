import Stethoscope from 'lucide-react/icons/stethoscope';
import { kitIcon } from './kitIcon';

export const IconDiagnostic = /* @__PURE__ */ kitIcon(Stethoscope);
