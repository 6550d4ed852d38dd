import FileDiff from 'lucide-react/icons/file-diff';
import { kitIcon } from './kitIcon';

export const IconDiff = /* @__PURE__ */ kitIcon(FileDiff);
