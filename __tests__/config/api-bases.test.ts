/** §9: the environment selects dev, test or prod API bases at build time; §7's user and auth services apart. */
import { API_BASE_TABLE, apiBases } from '../../config/api-bases';

test('the default build is test, against the reference server: its own origin on H5, localhost:3000 in mini-programs', () => {
  expect(apiBases({}, 'h5')).toEqual({ env: 'test', main: '', user: '', auth: '' });
  const mini = 'http://localhost:3000';
  expect(apiBases({}, 'weapp')).toEqual({ env: 'test', main: mini, user: mini, auth: mini });
  expect(apiBases({ TARO_APP_API_ENV: 'dev' }, 'swan')).toEqual({ env: 'dev', main: mini, user: mini, auth: mini });
});

test('every environment has a row', () => expect(Object.keys(API_BASE_TABLE).sort()).toEqual(['dev', 'prod', 'test']));

test('prod names its services: without a main base the build stops; the user and auth services may differ', () => {
  expect(() => apiBases({ TARO_APP_API_ENV: 'prod' }, 'h5')).toThrow(/TARO_APP_API_BASE/);
  expect(
    apiBases(
      {
        TARO_APP_API_ENV: 'prod',
        TARO_APP_API_BASE: 'https://api.shop.example',
        TARO_APP_USER_API_BASE: 'https://user.shop.example',
        TARO_APP_AUTH_API_BASE: 'https://auth.shop.example',
      },
      'weapp',
    ),
  ).toEqual({
    env: 'prod',
    main: 'https://api.shop.example',
    user: 'https://user.shop.example',
    auth: 'https://auth.shop.example',
  });
  // One base for all three, as a single server answers them.
  expect(apiBases({ TARO_APP_API_ENV: 'prod', TARO_APP_API_BASE: 'https://api.shop.example' }, 'h5')).toEqual({
    env: 'prod',
    main: 'https://api.shop.example',
    user: 'https://api.shop.example',
    auth: 'https://api.shop.example',
  });
});

test('a variable overrides one service of any row; TARO_APP_API_BASE alone moves every service, as it did', () => {
  expect(apiBases({ TARO_APP_USER_API_BASE: 'http://10.0.0.2:3001' }, 'weapp')).toEqual({
    env: 'test',
    main: 'http://localhost:3000',
    user: 'http://10.0.0.2:3001',
    auth: 'http://localhost:3000',
  });
  expect(apiBases({ TARO_APP_API_BASE: 'http://10.0.0.2:3000' }, 'weapp')).toEqual({
    env: 'test',
    main: 'http://10.0.0.2:3000',
    user: 'http://10.0.0.2:3000',
    auth: 'http://10.0.0.2:3000',
  });
});

test('an unknown environment stops the build', () => {
  expect(() => apiBases({ TARO_APP_API_ENV: 'staging' }, 'h5')).toThrow(/dev, test, prod/);
});
