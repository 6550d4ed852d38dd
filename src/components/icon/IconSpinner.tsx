import LoaderCircle from 'lucide-react/icons/loader-circle';
import { kitIcon } from './kitIcon';

export const IconSpinner = /* @__PURE__ */ kitIcon(LoaderCircle);
