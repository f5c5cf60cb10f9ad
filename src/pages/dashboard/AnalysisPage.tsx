// The home tab (/dashboard/analysis, 首页): who is signed in, for which company, in which department
// and with which roles, then the business figures of the dashboard.
import { useEffect } from 'react';
import { Descriptions, Spin, Tag } from 'antd';
import { greetingFor } from '../../../common/dates';
import { selectUserInfo } from '../../features/session/selectors';
import { selectWorkplaceLoading, selectWorkplaceProfile } from '../../features/workplace/selectors';
import { workplaceOpened } from '../../features/workplace/slice';
import HomeDashboard from './HomeDashboard';
import './AnalysisPage.css';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

const NONE = '暂无';

export default function AnalysisPage() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const profile = useAppSelector(selectWorkplaceProfile);
  const loading = useAppSelector(selectWorkplaceLoading);

  useEffect(() => {
    dispatch(workplaceOpened());
  }, [dispatch]);

  return (
    <>
      <h3 className="analysis-greeting">
        {greetingFor()}，{userInfo?.realname}，欢迎回来
      </h3>
      <Spin spinning={loading}>
        <Descriptions column={1}>
          <Descriptions.Item label="所属公司">{userInfo?.tenantName || NONE}</Descriptions.Item>
          <Descriptions.Item label="当前部门">{profile?.departName ?? NONE}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {profile?.roleNames.length ? profile.roleNames.map((name) => <Tag key={name}>{name}</Tag>) : NONE}
          </Descriptions.Item>
        </Descriptions>
      </Spin>
      <HomeDashboard />
    </>
  );
}
