import Scale from 'lucide-react/icons/scale';
import { kitIcon } from './kitIcon';

export const IconDisputed = /* @__PURE__ */ kitIcon(Scale);
