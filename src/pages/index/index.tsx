import HomeTab from '../../components/home-tab';

/** Home tab 1 of 4 (§2): the page the project's menu configures at position 0. */
export default function Page() {
  return <HomeTab tabIndex={0} />;
}
