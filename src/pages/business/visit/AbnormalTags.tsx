// A visit's abnormal flags as tags (正常 when none): 拜访记录's list and drawer, and 首页's visit cards.
import { Space, Tag } from 'antd';
import { ABNORMAL_FLAG, type AbnormalFlag } from '../../../../common/visits';

export function AbnormalTags({ flags }: { flags: AbnormalFlag[] }) {
  if (flags.length === 0) return <Tag color="green">正常</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {flags.map((flag) => (
        <Tag key={flag} color={flag === 'TOO_LONG' ? 'orange' : 'red'}>
          {ABNORMAL_FLAG[flag]}
        </Tag>
      ))}
    </Space>
  );
}
