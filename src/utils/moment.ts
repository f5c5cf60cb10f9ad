// moment speaks Chinese everywhere; webpack keeps only this locale (ContextReplacementPlugin).
import moment from 'moment';
import 'moment/locale/zh-cn';

moment.locale('zh-cn');

export default moment;
