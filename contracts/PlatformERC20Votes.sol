// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import {ERC1363} from "@openzeppelin/contracts/token/ERC20/extensions/ERC1363.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {Time} from "@openzeppelin/contracts/utils/types/Time.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";

/// The platform's votes-enabled ERC-20 (a governance voting token): PlatformERC20's roles, features,
/// permit and ERC-1363, plus ERC20Votes checkpoints and delegation. Its clock is the block number (OpenZeppelin's
/// default) or, when `timestampClock_`, the block timestamp (ERC-6372 `clock`/`CLOCK_MODE`).
contract PlatformERC20Votes is ERC20, ERC20Permit, ERC1363, ERC20Votes, ERC20Pausable, AccessControlEnumerable, TokenFeatureFlags {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");

    uint8 private immutable _decimals;
    bool private immutable _timestampClock;

    /// `admin` receives the initial supply and every role.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_,
        bool timestampClock_
    ) ERC20(name_, symbol_) ERC20Permit(name_) TokenFeatureFlags(features_) {
        _decimals = decimals_;
        _timestampClock = timestampClock_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(BURNER_ROLE, admin);
        if (initialSupply > 0) _mint(admin, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function clock() public view override returns (uint48) {
        return _timestampClock ? Time.timestamp() : Time.blockNumber();
    }

    // solhint-disable-next-line func-name-mixedcase
    function CLOCK_MODE() public view override returns (string memory) {
        return _timestampClock ? "mode=timestamp" : "mode=blocknumber&from=default";
    }

    function mint(address to, uint256 value) external onlyRole(MINTER_ROLE) whenMintable {
        _mint(to, value);
    }

    function burn(uint256 value) external onlyRole(BURNER_ROLE) whenBurnable {
        _burn(_msgSender(), value);
    }

    function burnFrom(address account, uint256 value) external onlyRole(BURNER_ROLE) whenBurnable {
        _spendAllowance(account, _msgSender(), value);
        _burn(account, value);
    }

    function pause() external onlyRole(PAUSER_ROLE) whenPausable {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Votes, ERC20Pausable) {
        super._update(from, to, value);
    }

    function nonces(address owner) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC1363, AccessControlEnumerable)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }
}
