import { Col, Row } from 'antd';
import Home from '@client/features/home/pages/Home';
import { SecondPersonQueue } from '@client/features/correction/components/SecondPersonQueue';
import { PersonalHomeBlocks } from '@client/features/personal/components/HomeBlocks';
import { MemberInfoBlock } from '@client/features/policy/components/MemberInfoBlock';
import { PolicyBlock } from '@client/features/policy/components/PolicyBlock';
import { GroupRenewalBlock } from '@client/features/policy/components/GroupRenewalNotice';

/** The home page with the areas' blocks: for companies the second person's queue (two-person approval), the group renewals, the insurance policy and member info blocks. */
export default function HomePage() {
  return (
    <Home
      corporateBlocks={
        <>
          <SecondPersonQueue />
          <GroupRenewalBlock />
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={16}>
              <PolicyBlock />
            </Col>
            <Col xs={24} xl={8}>
              <MemberInfoBlock />
            </Col>
          </Row>
        </>
      }
      personalBlocks={
        <div style={{ marginTop: 16 }}>
          <PersonalHomeBlocks />
        </div>
      }
    />
  );
}
