import HomeTab from '../../components/home-tab';

/** Home tab 3 of 4 (§2): the page the project's menu configures at position 2. */
export default function Page() {
  return <HomeTab tabIndex={2} />;
}
