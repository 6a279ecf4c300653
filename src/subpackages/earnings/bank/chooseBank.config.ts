export default definePageConfig({ navigationBarTitleText: '选择开户银行' });
