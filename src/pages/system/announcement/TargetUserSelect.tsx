// The users an announcement targets: a searchable multiple select over the tenant's users. It asks the
// announcements' own lookup, not /sys/user/list, which needs user:list (see the targetUsers route).
// `value` is the list of chosen user ids.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { TargetUser } from '../../../../common/announcements';
import { debounce } from '../../../../common/timing';
import { getTargetUsers } from '../../../api/announcements';

const SEARCH_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

export interface TargetUserSelectProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
}

const label = (user: TargetUser) => `${user.realname}（${user.username}）`;

export function TargetUserSelect({ value = [], onChange }: TargetUserSelectProps) {
  const [found, setFound] = useState<TargetUser[]>([]);
  const [known, setKnown] = useState<Map<string, TargetUser>>(new Map());
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);

  const remember = (users: TargetUser[]) =>
    setKnown((previous) => new Map([...previous, ...users.map((user) => [user.id, user] as const)]));

  const search = useMemo(
    () =>
      debounce((keyword: string) => {
        const call = ++latest.current;
        setSearching(true);
        getTargetUsers({ keyword, pageSize: SEARCH_PAGE_SIZE })
          .then((answer) => {
            if (call !== latest.current || !answer.success) return;
            setFound(answer.result.records);
            remember(answer.result.records);
          })
          .catch(() => undefined)
          .finally(() => {
            if (call === latest.current) setSearching(false);
          });
      }, SEARCH_DELAY_MS),
    [],
  );

  // The names of users chosen before (editing), and a first page to choose from.
  useEffect(() => {
    if (value.length > 0) {
      getTargetUsers({ ids: `${value.join(',')},`, pageSize: Math.min(value.length, 200) })
        .then((answer) => answer.success && remember(answer.result.records))
        .catch(() => undefined);
    }
    search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the value the form started with
  }, []);

  const options = useMemo(() => {
    const shown = new Map(found.map((user) => [user.id, user]));
    value.forEach((id) => {
      const user = known.get(id);
      if (user) shown.set(id, user);
    });
    return [...shown.values()].map((user) => ({ value: user.id, label: label(user) }));
  }, [found, known, value]);

  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder="输入姓名或用户名搜索"
      value={value}
      onChange={onChange}
      options={options}
      notFoundContent={searching ? <Spin size="small" /> : '没有匹配的用户'}
      aria-label="指定用户"
    />
  );
}
