import { observer } from 'mobx-react-lite';
import HomeTab from '../../components/home-tab';
import { useStores } from '../../stores';
import PointsBenefits, { hasPointsColumn } from './points-benefits';

/**
 * Home tab 4 of 4 (§2): the page the project's menu configures at position 3. In the points project a page that
 * carries points items is its benefits tab (权益): balances per carrier and the items grouped and priced in points.
 */
function Page() {
  const { session } = useStores();
  return (
    <HomeTab
      tabIndex={3}
      render={(page) =>
        session.projectEnum === 'INTEGRAL_APPLE' && hasPointsColumn(page) ? <PointsBenefits page={page} /> : null
      }
    />
  );
}

export default observer(Page);
