// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, MODULE_TYPE_FALLBACK, VALIDATION_SUCCESS, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

interface IKernelRecoveryTarget {
    function rootValidator() external view returns (bytes21);
    function isModuleInstalled(uint256 moduleType, address module, bytes calldata additionalContext) external view returns (bool);
    function changeRootValidator(bytes21 rootValidator, address hook, bytes calldata validatorData, bytes calldata hookData) external payable;
}

interface IValidatorModule {
    function onInstall(bytes calldata data) external payable;
    function onUninstall(bytes calldata data) external payable;
}

/// @title RecoveryValidator
/// @notice Social recovery for Kernel v3.1 accounts, in two roles of one contract:
/// - ERC-7579 validator (type 1), installed as a NON-root validator whose only allowed selector is
///   `doRecovery`. Install data `abi.encode(address[] guardians, uint256 threshold)`. A user operation is valid
///   only when its callData calls `doRecovery(...)` and its signature holds at least `threshold` ECDSA
///   signatures of distinct guardians over the userOpHash (raw or EIP-191), 65 bytes each, concatenated in
///   strictly ascending order of the guardians' addresses.
/// - Fallback (type 3, delegatecall, EntryPoint-only) for the `doRecovery` selector: run in the account's
///   context, it makes `validator` (with `data` as its install data) the account's root validator. Kernel's
///   changeRootValidator installs a validator only when it is not installed yet, so when the new root is the
///   current root (the same ECDSA validator with a new owner) the validator is re-initialised instead
///   (onUninstall, then onInstall(data)), and when it is an installed non-root validator it becomes root and
///   is re-initialised likewise.
contract RecoveryValidator {
    event GuardiansSet(address indexed account, uint256 guardians, uint256 threshold);
    event GuardiansCleared(address indexed account);

    error InvalidGuardians();
    error InvalidThreshold();
    error NotInitialized(address account);
    error OnlyDelegateCall();
    error InvalidValidator();

    uint256 public constant MAX_GUARDIANS = 10;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;

    address private immutable self = address(this);

    mapping(address account => address[]) private _guardians;
    mapping(address account => uint256) public thresholdOf;

    // --- ERC-7579 module -----------------------------------------------------------------------------

    function onInstall(bytes calldata data) external payable {
        (address[] memory guardians, uint256 threshold) = abi.decode(data, (address[], uint256));
        _set(msg.sender, guardians, threshold);
    }

    function onUninstall(bytes calldata) external payable {
        if (thresholdOf[msg.sender] == 0) revert NotInitialized(msg.sender);
        delete _guardians[msg.sender];
        delete thresholdOf[msg.sender];
        emit GuardiansCleared(msg.sender);
    }

    /// @notice The account replaces its guardian set (a call from the account, e.g. through `execute`).
    function setGuardians(address[] calldata guardians, uint256 threshold) external {
        if (thresholdOf[msg.sender] == 0) revert NotInitialized(msg.sender);
        _set(msg.sender, guardians, threshold);
    }

    function isModuleType(uint256 typeId) external pure returns (bool) {
        return typeId == MODULE_TYPE_VALIDATOR || typeId == MODULE_TYPE_FALLBACK;
    }

    function isInitialized(address account) external view returns (bool) {
        return thresholdOf[account] != 0;
    }

    function guardiansOf(address account) external view returns (address[] memory) {
        return _guardians[account];
    }

    // --- Validation -----------------------------------------------------------------------------------

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external payable returns (uint256) {
        if (userOp.callData.length < 4 || bytes4(userOp.callData[0:4]) != this.doRecovery.selector) return VALIDATION_FAILED;
        return _approved(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    /// @dev Guardians never sign for the account (ERC-1271): only recovery operations.
    function isValidSignatureWithSender(address, bytes32, bytes calldata) external pure returns (bytes4) {
        return ERC1271_INVALID;
    }

    // --- Recovery (delegatecalled by the account) -----------------------------------------------------

    function doRecovery(address validator, bytes calldata data) external payable {
        if (address(this) == self) revert OnlyDelegateCall();
        if (validator == address(0) || validator == self) revert InvalidValidator();
        IKernelRecoveryTarget account = IKernelRecoveryTarget(address(this));
        bytes21 vId = bytes21(abi.encodePacked(bytes1(0x01), validator));
        bool installed = account.isModuleInstalled(MODULE_TYPE_VALIDATOR, validator, "");
        if (account.rootValidator() != vId) account.changeRootValidator(vId, address(0), data, "");
        if (installed) {
            IValidatorModule(validator).onUninstall("");
            IValidatorModule(validator).onInstall(data);
        }
    }

    // --- Internals ------------------------------------------------------------------------------------

    function _set(address account, address[] memory guardians, uint256 threshold) private {
        uint256 n = guardians.length;
        if (n == 0 || n > MAX_GUARDIANS) revert InvalidGuardians();
        if (threshold == 0 || threshold > n) revert InvalidThreshold();
        for (uint256 i = 0; i < n; i++) {
            if (guardians[i] == address(0)) revert InvalidGuardians();
            for (uint256 j = 0; j < i; j++) if (guardians[j] == guardians[i]) revert InvalidGuardians();
        }
        _guardians[account] = guardians;
        thresholdOf[account] = threshold;
        emit GuardiansSet(account, n, threshold);
    }

    function _isGuardian(address[] storage guardians, address who) private view returns (bool) {
        uint256 n = guardians.length;
        for (uint256 i = 0; i < n; i++) if (guardians[i] == who) return true;
        return false;
    }

    function _signer(address[] storage guardians, bytes32 hash, bytes calldata signature) private view returns (address) {
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(hash, signature);
        if (failure == ECDSA.RecoverError.NoError && _isGuardian(guardians, signer)) return signer;
        (signer, failure, ) = ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(hash), signature);
        if (failure == ECDSA.RecoverError.NoError && _isGuardian(guardians, signer)) return signer;
        return address(0);
    }

    function _approved(address account, bytes32 hash, bytes calldata signatures) private view returns (bool) {
        uint256 threshold = thresholdOf[account];
        if (threshold == 0 || signatures.length % 65 != 0) return false;
        uint256 count = signatures.length / 65;
        if (count < threshold || count > MAX_GUARDIANS) return false;
        address[] storage guardians = _guardians[account];
        address previous = address(0);
        for (uint256 i = 0; i < count; i++) {
            address signer = _signer(guardians, hash, signatures[i * 65:(i + 1) * 65]);
            if (signer == address(0) || signer <= previous) return false;
            previous = signer;
        }
        return true;
    }
}
